package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
)

// policyEnforcement: the CRD without the extensions, and a
// ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1) on updates of
// its Databases whose oldObject rules say what the example's extensions
// say, bound with validationActions Deny. Creates have nothing to check, so
// the policy matches updates only, as a user would write it.
func policyEnforcement(t *testing.T, client *dynamic.DynamicClient, group string) *enforcement {
	t.Helper()
	m := newEnforcement(t, client, "ValidatingAdmissionPolicy", withoutMutability(t, databaseCRD(t, group)), true)
	clientset, err := kubernetes.NewForConfig(testCluster.Config())
	if err != nil {
		t.Fatalf("clientset: %v", err)
	}
	policies := clientset.AdmissionregistrationV1().ValidatingAdmissionPolicies()
	name := "immutable." + group
	createForTest(t, name, func(ctx context.Context) error {
		_, err := policies.Create(ctx, immutabilityPolicy(name, group), metav1.CreateOptions{})
		return err
	}, func(ctx context.Context) error { return policies.Delete(ctx, name, metav1.DeleteOptions{}) })
	bindings := clientset.AdmissionregistrationV1().ValidatingAdmissionPolicyBindings()
	createForTest(t, name, func(ctx context.Context) error {
		_, err := bindings.Create(ctx, policyBinding(name), metav1.CreateOptions{})
		return err
	}, func(ctx context.Context) error { return bindings.Delete(ctx, name, metav1.DeleteOptions{}) })
	return m
}

// createForTest runs create, and remove when the test ends.
func createForTest(t *testing.T, name string, create, remove func(context.Context) error) {
	t.Helper()
	if err := create(t.Context()); err != nil {
		t.Fatalf("creating %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := remove(context.Background()); err != nil {
			t.Errorf("deleting %s: %v", name, err)
		}
	})
}

// immutabilityPolicy matches updates of group's Databases and checks,
// against oldObject, the example CRD's extensions: spec.engine Immutable,
// spec.primaryZone AddOnly, spec.migrations append-only (AddOnly keys,
// Immutable items; at most 64 of them, the schema's maxItems).
func immutabilityPolicy(name, group string) *admissionregistrationv1.ValidatingAdmissionPolicy {
	fail := admissionregistrationv1.Fail
	return &admissionregistrationv1.ValidatingAdmissionPolicy{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: admissionregistrationv1.ValidatingAdmissionPolicySpec{
			FailurePolicy: &fail,
			MatchConstraints: &admissionregistrationv1.MatchResources{
				ResourceRules: []admissionregistrationv1.NamedRuleWithOperations{{
					RuleWithOperations: admissionregistrationv1.RuleWithOperations{
						Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Update},
						Rule: admissionregistrationv1.Rule{
							APIGroups: []string{group}, APIVersions: []string{"*"}, Resources: []string{"databases"},
						},
					},
				}},
			},
			Validations: immutabilityRules(),
		},
	}
}

// immutabilityRules are the policy's rules, one per extension of the
// example CRD.
func immutabilityRules() []admissionregistrationv1.Validation {
	invalid := metav1.StatusReasonInvalid
	rule := func(expression, message string) admissionregistrationv1.Validation {
		return admissionregistrationv1.Validation{Expression: expression, Message: message, Reason: &invalid}
	}
	old, new := "oldObject.spec", "object.spec"
	return []admissionregistrationv1.Validation{
		rule(present(new, "engine")+" == "+present(old, "engine")+" && (!"+present(old, "engine")+" || "+new+".engine == "+old+".engine)",
			"spec.engine: field is immutable"),
		rule("!"+present(old, "primaryZone")+" || ("+present(new, "primaryZone")+" && "+new+".primaryZone == "+old+".primaryZone)",
			"spec.primaryZone: field is immutable once set"),
		rule("!"+present(old, "migrations")+" || ("+present(new, "migrations")+" && "+appendOnly(new+".migrations", old+".migrations")+")",
			"spec.migrations: items may only be appended"),
	}
}

// present says that object.spec has field.
func present(spec, field string) string {
	return fmt.Sprintf("(has(%s) && has(%s.%s))", spec, spec, field)
}

// appendOnly says that list new begins with the items of list old. CEL in
// admission policies has no index range, so the indices are written out up
// to the schema's maxItems, as `kval lower` writes them.
func appendOnly(new, old string) string {
	indices := make([]string, 64)
	for i := range indices {
		indices[i] = fmt.Sprint(i)
	}
	return fmt.Sprintf("%s.size() >= %s.size() && [%s].all(i, i >= %s.size() || %s[i] == %s[i])",
		new, old, strings.Join(indices, ", "), old, new, old)
}

// policyBinding binds the policy everywhere, denying what it rejects.
func policyBinding(name string) *admissionregistrationv1.ValidatingAdmissionPolicyBinding {
	return &admissionregistrationv1.ValidatingAdmissionPolicyBinding{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: admissionregistrationv1.ValidatingAdmissionPolicyBindingSpec{
			PolicyName:        name,
			ValidationActions: []admissionregistrationv1.ValidationAction{admissionregistrationv1.Deny},
		},
	}
}
