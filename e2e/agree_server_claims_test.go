package e2e

import (
	"context"
	"fmt"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	resourcev1 "k8s.io/api/resource/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/utils/ptr"
)

// observeGeneratedNamesAndClaims records what a server keeps of a Job
// created by generateName (its own labels: the store copies the object
// before it names it), how it refuses an admission policy whose rule does
// not compile, and a ResourceClaim asking for admin access to devices in
// a namespace without the admin-access label, then with it (the strategy
// reads the namespace from storage).
func observeGeneratedNamesAndClaims(ctx context.Context, cs kubernetes.Interface, o observations) {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: "gen-"}, Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{
		ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "x"}},
		Spec:       corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever, Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	j, err := cs.BatchV1().Jobs("i49-paths").Create(ctx, job, metav1.CreateOptions{})
	o["job by generateName: its labels"] = fmt.Sprintln(errText(err), j.Labels)
	rules := admissionregistrationv1.Rule{APIGroups: []string{"apps"}, APIVersions: []string{"v1"}, Resources: []string{"deployments"}}
	policy := &admissionregistrationv1.ValidatingAdmissionPolicy{ObjectMeta: metav1.ObjectMeta{Name: "i54-bad-rule"},
		Spec: admissionregistrationv1.ValidatingAdmissionPolicySpec{
			MatchConstraints: &admissionregistrationv1.MatchResources{ResourceRules: []admissionregistrationv1.NamedRuleWithOperations{{
				RuleWithOperations: admissionregistrationv1.RuleWithOperations{Operations: []admissionregistrationv1.OperationType{"CREATE"}, Rule: rules}}}},
			Validations: []admissionregistrationv1.Validation{{Expression: "object.spec.replicas <= nosuch"}}}}
	_, err = cs.AdmissionregistrationV1().ValidatingAdmissionPolicies().Create(ctx, policy, metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}})
	o["admission policy whose rule does not compile"] = errText(err)
	observeClaimAdminAccess(ctx, cs, o)
}

func observeClaimAdminAccess(ctx context.Context, cs kubernetes.Interface, o observations) {
	ns, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "i54-gpus"}}, metav1.CreateOptions{})
	if err != nil {
		o["claim admin access"] = errText(err)
		return
	}
	claim := &resourcev1.ResourceClaim{ObjectMeta: metav1.ObjectMeta{Name: "monitor"}, Spec: resourcev1.ResourceClaimSpec{Devices: resourcev1.DeviceClaim{
		Requests: []resourcev1.DeviceRequest{{Name: "all", Exactly: &resourcev1.ExactDeviceRequest{DeviceClassName: "example.com-gpu",
			AllocationMode: resourcev1.DeviceAllocationModeAll, AdminAccess: ptr.To(true)}}}}}}
	_, err = cs.ResourceV1().ResourceClaims("i54-gpus").Create(ctx, claim, metav1.CreateOptions{})
	o["claim admin access, namespace unlabelled"] = errText(err)
	ns.Labels["resource.kubernetes.io/admin-access"] = "true"
	if _, err = cs.CoreV1().Namespaces().Update(ctx, ns, metav1.UpdateOptions{}); err != nil {
		o["claim admin access"] = errText(err)
		return
	}
	_, err = cs.ResourceV1().ResourceClaims("i54-gpus").Create(ctx, claim, metav1.CreateOptions{})
	o["claim admin access, namespace labelled"] = errText(err)
}
