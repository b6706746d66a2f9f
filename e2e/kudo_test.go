package e2e

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
	"github.com/kval-dev/kval/webhook"
)

// The KUDO test runs kval's webhook for KUDO Instances (kval serve
// --kudo-instances: OperatorVersions watched in the cluster) against KUDO's
// own CRDs, with the KUDO guide's ZooKeeper package (examples/params) as
// OperatorVersions and Instance.

const (
	kudoCRDFile     = "../examples/params/kudo-crds.yaml"
	kudoNamespace   = "kudo"
	kudoMutating    = "mutate.kudo.e2e.kval.dev"
	kudoValidating  = "validate.kudo.e2e.kval.dev"
	zookeeperV1Name = "zookeeper-3.4.14-0.1.0"
	zookeeperV2Name = "zookeeper-3.4.14-0.2.0"
)

var (
	instanceResource        = schema.GroupVersionResource{Group: "kudo.dev", Version: "v1beta1", Resource: "instances"}
	operatorVersionResource = schema.GroupVersionResource{Group: "kudo.dev", Version: "v1beta1", Resource: "operatorversions"}
)

func TestWebhookKeepsKUDOParametersImmutable(t *testing.T) {
	client := dynamicClient(t)
	installKUDO(t, client)
	instances := startKUDOWebhook(t, client).Resource(instanceResource).Namespace(kudoNamespace)

	// Install: the immutable DISK_SIZE, not given, is pinned to its default.
	zk := exampleInstance(t)
	unstructured.RemoveNestedField(zk.Object, "spec", "parameters", "DISK_SIZE")
	created, err := instances.Create(t.Context(), zk, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("installing zk: %v", err)
	}
	if got, want := parameters(created), parameters(exampleInstance(t)); !reflect.DeepEqual(got, want) {
		t.Fatalf("installed with parameters %v, want %v (DISK_SIZE pinned)", got, want)
	}

	// Update: changing DISK_SIZE is denied, changing NODE_COUNT and setting
	// LEGACY_MODE (which v2 no longer defines) is not.
	_, err = instances.Update(t.Context(), withParameters(created, zookeeperV1Name, "DISK_SIZE", "10Gi"), metav1.UpdateOptions{})
	checkKUDODenial(t, err, `spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "10Gi"`)
	updated, err := instances.Update(t.Context(), withParameters(created, zookeeperV1Name, "NODE_COUNT", "7", "LEGACY_MODE", "true"), metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("changing NODE_COUNT: %v", err)
	}

	// Upgrade to v2: CLIENT_PORT made immutable and STORAGE_CLASS added as
	// immutable need values; LEGACY_MODE's value leaves the Instance.
	_, err = instances.Update(t.Context(), withParameters(updated, zookeeperV2Name), metav1.UpdateOptions{})
	checkKUDODenial(t, err,
		`spec.parameters[CLIENT_PORT]: Required value: parameter was changed to immutable in OperatorVersion zookeeper-3.4.14-0.2.0, but no value was provided (default would be "2181")`,
		`spec.parameters[STORAGE_CLASS]: Required value: parameter was added as immutable in OperatorVersion zookeeper-3.4.14-0.2.0, but no value was provided (default would be "standard")`)
	upgraded, err := instances.Update(t.Context(),
		withParameters(updated, zookeeperV2Name, "CLIENT_PORT", "2181", "STORAGE_CLASS", "standard"), metav1.UpdateOptions{})
	if err != nil {
		t.Fatalf("upgrading with the values: %v", err)
	}
	want := map[string]string{"CLIENT_PORT": "2181", "DISK_SIZE": "5Gi", "NODE_COUNT": "7", "STORAGE_CLASS": "standard"}
	if got := parameters(upgraded); !reflect.DeepEqual(got, want) {
		t.Errorf("upgraded with parameters %v, want %v", got, want)
	}
}

// installKUDO creates KUDO's CRDs, the test's namespace and the example
// package's two versions as OperatorVersions.
func installKUDO(t *testing.T, client dynamic.Interface) {
	t.Helper()
	docs, errs := manifest.ReadFile(kudoCRDFile)
	if len(errs) > 0 || len(docs) != 2 {
		t.Fatalf("reading %s: %d documents, %v", kudoCRDFile, len(docs), errs)
	}
	for _, doc := range docs {
		installCRD(t, client, doc.Object)
	}
	ensure(t, client.Resource(namespaceRes), namespace(kudoNamespace))
	for _, dir := range []string{"../examples/params/v1", "../examples/params/v2"} {
		ov, err := params.LoadPackage(dir)
		if err != nil {
			t.Fatal(err)
		}
		createEventually(t, client.Resource(operatorVersionResource).Namespace(kudoNamespace), operatorVersionObject(ov), metav1.CreateOptions{})
	}
}

// operatorVersionObject is the OperatorVersion `kudo install` creates from
// a package, less its templates, tasks and plans, which the parameter
// rules do not read.
func operatorVersionObject(ov *params.OperatorVersion) *unstructured.Unstructured {
	var parameters []any
	for _, p := range ov.Parameters {
		param := map[string]any{"name": p.Name, "description": p.Description, "required": p.Required,
			"immutable": p.Immutable, "value-type": string(p.Type)}
		if p.Default != nil {
			param["default"] = *p.Default
		}
		parameters = append(parameters, param)
	}
	obj := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kudo.dev/v1beta1", "kind": "OperatorVersion",
		"spec": map[string]any{
			"operator":   map[string]any{"name": ov.Operator, "kind": "Operator"},
			"version":    ov.Version,
			"appVersion": ov.AppVersion,
			"parameters": parameters,
		},
	}}
	obj.SetName(ov.Name)
	obj.SetNamespace(kudoNamespace)
	return obj
}

// startKUDOWebhook runs kval's webhook with the cluster's OperatorVersions,
// registers it for Instances as a mutating and a validating webhook, and
// returns once kube-apiserver calls both.
func startKUDOWebhook(t *testing.T, client *dynamic.DynamicClient) *dynamic.DynamicClient {
	t.Helper()
	ovs, source := webhook.ClusterOperatorVersions(client)
	h := &kvalWebhook{client: client, logs: &syncBuffer{}, options: webhook.Options{OperatorVersions: ovs}}
	certFile, keyFile, certPEM := writeServingCertificate(t, t.TempDir())
	h.serve(t, catalog.New(webhook.CatalogOptions(h.options)), source, certFile, keyFile, certPEM)
	h.waitReady(t)
	registerKUDOWebhooks(t, h.url, certPEM)
	waitForKUDOWebhooks(t, client.Resource(instanceResource).Namespace(kudoNamespace))
	return client
}

// registerKUDOWebhooks registers url's /mutate and /validate for creates
// and updates of Instances, as deploy/webhook.yaml does with
// --kudo-instances, until the test ends.
func registerKUDOWebhooks(t *testing.T, url string, caBundle []byte) {
	t.Helper()
	clientset, err := kubernetes.NewForConfig(testCluster.Config())
	if err != nil {
		t.Fatalf("clientset: %v", err)
	}
	none, fail, equivalent, timeout := admissionregistrationv1.SideEffectClassNone, admissionregistrationv1.Fail, admissionregistrationv1.Equivalent, int32(10)
	rules := []admissionregistrationv1.RuleWithOperations{{
		Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create, admissionregistrationv1.Update},
		Rule:       admissionregistrationv1.Rule{APIGroups: []string{"kudo.dev"}, APIVersions: []string{"v1beta1"}, Resources: []string{"instances"}},
	}}
	mutateURL, validateURL := url+"/mutate", url+"/validate"
	mutating := &admissionregistrationv1.MutatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: kudoMutating},
		Webhooks: []admissionregistrationv1.MutatingWebhook{{
			Name: kudoMutating, ClientConfig: admissionregistrationv1.WebhookClientConfig{URL: &mutateURL, CABundle: caBundle},
			Rules: rules, FailurePolicy: &fail, MatchPolicy: &equivalent, SideEffects: &none,
			AdmissionReviewVersions: []string{"v1"}, TimeoutSeconds: &timeout,
		}},
	}
	validating := &admissionregistrationv1.ValidatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: kudoValidating},
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name: kudoValidating, ClientConfig: admissionregistrationv1.WebhookClientConfig{URL: &validateURL, CABundle: caBundle},
			Rules: rules, FailurePolicy: &fail, MatchPolicy: &equivalent, SideEffects: &none,
			AdmissionReviewVersions: []string{"v1"}, TimeoutSeconds: &timeout,
		}},
	}
	mutatingConfigs := clientset.AdmissionregistrationV1().MutatingWebhookConfigurations()
	validatingConfigs := clientset.AdmissionregistrationV1().ValidatingWebhookConfigurations()
	if _, err := mutatingConfigs.Create(t.Context(), mutating, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating %s: %v", kudoMutating, err)
	}
	t.Cleanup(func() { _ = mutatingConfigs.Delete(context.Background(), kudoMutating, metav1.DeleteOptions{}) })
	if _, err := validatingConfigs.Create(t.Context(), validating, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating %s: %v", kudoValidating, err)
	}
	t.Cleanup(func() { _ = validatingConfigs.Delete(context.Background(), kudoValidating, metav1.DeleteOptions{}) })
}

// waitForKUDOWebhooks waits until kube-apiserver calls both webhooks
// (configurations take effect asynchronously), with dry-run creates: one
// whose answer has DISK_SIZE pinned, one with a parameter the
// OperatorVersion does not define, denied by the validating webhook.
func waitForKUDOWebhooks(t *testing.T, instances dynamic.ResourceInterface) {
	t.Helper()
	dryRun := metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}
	probe := exampleInstance(t)
	probe.SetName("probe")
	unstructured.RemoveNestedField(probe.Object, "spec", "parameters", "DISK_SIZE")
	poll(t, "kube-apiserver calling the mutating webhook", func(ctx context.Context) (bool, error) {
		got, err := instances.Create(ctx, probe, dryRun)
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return err == nil && parameters(got)["DISK_SIZE"] == "5Gi", err
	})
	_ = unstructured.SetNestedField(probe.Object, "x", "spec", "parameters", "UNDEFINED")
	poll(t, "kube-apiserver calling the validating webhook", func(ctx context.Context) (bool, error) {
		_, err := instances.Create(ctx, probe, dryRun)
		return apierrors.IsInvalid(err), nil
	})
}

// exampleInstance is examples/params/instance.yaml in the test's namespace.
func exampleInstance(t *testing.T) *unstructured.Unstructured {
	t.Helper()
	obj := example(t, "params/instance.yaml")
	obj.SetNamespace(kudoNamespace)
	return obj
}

// parameters returns an Instance's spec.parameters.
func parameters(obj *unstructured.Unstructured) map[string]string {
	out, _, _ := unstructured.NestedStringMap(obj.Object, "spec", "parameters")
	return out
}

// withParameters is a copy of inst on operatorVersion with the parameters
// of keysAndValues set.
func withParameters(inst *unstructured.Unstructured, operatorVersion string, keysAndValues ...string) *unstructured.Unstructured {
	out := inst.DeepCopy()
	_ = unstructured.SetNestedField(out.Object, operatorVersion, "spec", "operatorVersion", "name")
	for i := 0; i+1 < len(keysAndValues); i += 2 {
		_ = unstructured.SetNestedField(out.Object, keysAndValues[i+1], "spec", "parameters", keysAndValues[i])
	}
	return out
}

// checkKUDODenial checks that err is the validating webhook's denial of
// Instance zk with the field errors, as client-go returns it: the exact
// text and an Invalid status.
func checkKUDODenial(t *testing.T, err error, fieldErrors ...string) {
	t.Helper()
	detail := fieldErrors[0]
	if len(fieldErrors) > 1 {
		detail = "[" + strings.Join(fieldErrors, ", ") + "]"
	}
	want := fmt.Sprintf(`admission webhook %q denied the request: Instance.kudo.dev "zk" is invalid: %s`, kudoValidating, detail)
	var status apierrors.APIStatus
	switch {
	case err == nil:
		t.Errorf("allowed, want denied: %s", want)
	case err.Error() != want:
		t.Errorf("got error\n\t%v\nwant\n\t%s", err, want)
	case !errors.As(err, &status) || !apierrors.IsInvalid(err) || len(status.Status().Details.Causes) != len(fieldErrors):
		t.Errorf("not an Invalid status with %d causes: %#v", len(fieldErrors), err)
	}
}
