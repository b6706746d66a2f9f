package e2e

import (
	"context"
	"encoding/json"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/utils/ptr"
)

// observeBuiltins records what a server does with built-in objects an
// operator's reconciler writes: the defaults it stores, the generation it
// counts, and the objects and changes its validation refuses.
func observeBuiltins(ctx context.Context, cs kubernetes.Interface, o observations) {
	observeDeploymentDefaults(ctx, cs, o)
	observeImmutableSecret(ctx, cs, o)
	observeInvalidBuiltins(ctx, cs, o)
	observeOtherDefaults(ctx, cs, o)
	observeStatusUpdates(ctx, cs, o)
	observeGeneratedNamesAndClaims(ctx, cs, o)
	observeNamespaceFinalize(ctx, cs, o)
}

// observeStatusUpdates writes a Deployment's status as a test that stands
// in for its controller does: an invalid status, then one that also
// changes the spec, a label and an annotation, which the status strategy
// keeps, keeps and takes.
func observeStatusUpdates(ctx context.Context, cs kubernetes.Interface, o observations) {
	labels := map[string]string{"app": "st"}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "st", Namespace: "i49-paths", Labels: labels}, Spec: appsv1.DeploymentSpec{Replicas: ptr.To[int32](1),
		Selector: &metav1.LabelSelector{MatchLabels: labels}, Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels},
			Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	d, err := cs.AppsV1().Deployments("i49-paths").Create(ctx, d, metav1.CreateOptions{})
	if err != nil {
		o["status updates"] = errText(err)
		return
	}
	d.Status.Replicas = -1
	_, err = cs.AppsV1().Deployments("i49-paths").UpdateStatus(ctx, d, metav1.UpdateOptions{})
	o["status update: negative replicas"] = errText(err)
	d.Status = appsv1.DeploymentStatus{Replicas: 1, ReadyReplicas: 1}
	d.Spec.Replicas, d.Labels, d.Annotations = ptr.To[int32](5), map[string]string{"app": "st", "new": "l"}, map[string]string{"a": "b"}
	_, err = cs.AppsV1().Deployments("i49-paths").UpdateStatus(ctx, d, metav1.UpdateOptions{})
	got, getErr := cs.AppsV1().Deployments("i49-paths").Get(ctx, "st", metav1.GetOptions{})
	o["status update: what is stored"] = fmt.Sprintln(errText(err), errText(getErr), got.Labels, got.Annotations, *got.Spec.Replicas, jsonOf(got.Status), got.Generation)
}

// observeDeploymentDefaults creates a Deployment without replicas,
// strategy or any pod default, reads it back, and changes its template.
func observeDeploymentDefaults(ctx context.Context, cs kubernetes.Interface, o observations) {
	deployments := cs.AppsV1().Deployments("i49-paths")
	labels := map[string]string{"app": "bare"}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "bare"},
		Spec: appsv1.DeploymentSpec{Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "busybox:1.37", Ports: []corev1.ContainerPort{{ContainerPort: 80}}}}}}}}
	created, err := deployments.Create(ctx, d, metav1.CreateOptions{})
	o["deployment without replicas: created spec"] = fmt.Sprintln(errText(err), jsonOf(created.Spec), created.Generation)
	got, err := deployments.Get(ctx, "bare", metav1.GetOptions{})
	o["deployment without replicas: read back"] = fmt.Sprintln(errText(err), jsonOf(got.Spec), jsonOf(got.Status))
	got.Labels = map[string]string{"tier": "front"}
	got, err = deployments.Update(ctx, got, metav1.UpdateOptions{})
	o["deployment label added: generation"] = fmt.Sprintln(errText(err), got.Generation)
	got.Spec.Template.Spec.Containers[0].Image = "busybox:1.38"
	got, err = deployments.Update(ctx, got, metav1.UpdateOptions{})
	o["deployment image changed: generation"] = fmt.Sprintln(errText(err), got.Generation)
	patch := []byte(`{"spec":{"selector":{"matchLabels":{"app":"other"}}}}`)
	_, err = deployments.Patch(ctx, "bare", types.StrategicMergePatchType, patch, metav1.PatchOptions{})
	o["deployment selector patched"] = errText(err)
}

// observeImmutableSecret changes a Secret whose immutable is true, by
// update and by merge patch, and records the stored data.
func observeImmutableSecret(ctx context.Context, cs kubernetes.Interface, o observations) {
	secrets := cs.CoreV1().Secrets("i49-paths")
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "frozen"}, Immutable: ptr.To(true), Data: map[string][]byte{"a": []byte("1")}}
	created, err := secrets.Create(ctx, s, metav1.CreateOptions{})
	o["immutable secret create"] = fmt.Sprintln(errText(err), created.Type)
	created.Data["a"] = []byte("2")
	_, err = secrets.Update(ctx, created, metav1.UpdateOptions{})
	o["immutable secret data updated"] = errText(err)
	_, err = secrets.Patch(ctx, "frozen", types.MergePatchType, []byte(`{"stringData":{"b":"new"}}`), metav1.PatchOptions{})
	o["immutable secret stringData patched"] = errText(err)
	_, err = secrets.Patch(ctx, "frozen", types.MergePatchType, []byte(`{"immutable":false}`), metav1.PatchOptions{})
	o["immutable secret made mutable"] = errText(err)
	got, err := secrets.Get(ctx, "frozen", metav1.GetOptions{})
	o["immutable secret stored"] = fmt.Sprintln(errText(err), got.Data, jsonOf(got.Immutable))
}

// observeInvalidBuiltins creates built-in objects kube-apiserver's Go
// validation refuses and its published schemas pass.
func observeInvalidBuiltins(ctx context.Context, cs kubernetes.Interface, o observations) {
	configMaps := cs.CoreV1().ConfigMaps("i49-paths")
	_, err := configMaps.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "bad-key"}, Data: map[string]string{"a/b": "1"}}, metav1.CreateOptions{})
	o["configmap with a bad key"] = errText(err)
	_, err = configMaps.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "bad-label", Labels: map[string]string{"team": "a b"}}}, metav1.CreateOptions{})
	o["configmap with a bad label value"] = errText(err)
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "mismatch"},
		Spec: appsv1.DeploymentSpec{Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "a"}},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "b"}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "Web_Server", Image: "nginx"}}}}}}
	_, err = cs.AppsV1().Deployments("i49-paths").Create(ctx, d, metav1.CreateOptions{})
	o["deployment selector misses labels, bad container name"] = errText(err)
}

// observeOtherDefaults records the defaults of a StorageClass, a Service's
// ports and policies (not its allocated IPs and families, which need an
// allocator), a Namespace's labels and a Job's generated selector.
func observeOtherDefaults(ctx context.Context, cs kubernetes.Interface, o observations) {
	sc := &storagev1.StorageClass{ObjectMeta: metav1.ObjectMeta{Name: "i49-fast"}, Provisioner: "example.com/disk"}
	created, err := cs.StorageV1().StorageClasses().Create(ctx, sc, metav1.CreateOptions{})
	o["storageclass defaults"] = fmt.Sprintln(errText(err), jsonOf(created.ReclaimPolicy), jsonOf(created.VolumeBindingMode))
	_ = cs.StorageV1().StorageClasses().Delete(ctx, "i49-fast", metav1.DeleteOptions{})
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: corev1.ServiceSpec{Selector: map[string]string{"app": "web"}, Ports: []corev1.ServicePort{{Name: "http", Port: 80}}}}
	s, err := cs.CoreV1().Services("i49-paths").Create(ctx, svc, metav1.CreateOptions{})
	o["service defaults"] = fmt.Sprintln(errText(err), s.Spec.Type, s.Spec.SessionAffinity, jsonOf(s.Spec.Ports), jsonOf(s.Spec.InternalTrafficPolicy))
	ns, err := cs.CoreV1().Namespaces().Get(ctx, "i49-paths", metav1.GetOptions{})
	o["namespace labels"] = fmt.Sprintln(errText(err), ns.Labels)
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "once"},
		Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{RestartPolicy: corev1.RestartPolicyNever,
			Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	j, err := cs.BatchV1().Jobs("i49-paths").Create(ctx, job, metav1.CreateOptions{})
	if err != nil {
		o["job defaults"] = errText(err)
		return
	}
	o["job selector names its uid"] = j.Spec.Selector != nil && j.Spec.Selector.MatchLabels["batch.kubernetes.io/controller-uid"] == string(j.UID)
	o["job defaults"] = fmt.Sprintln(j.Spec.Template.Labels["batch.kubernetes.io/job-name"], jsonOf(j.Spec.BackoffLimit), jsonOf(j.Spec.Completions),
		jsonOf(j.Spec.Parallelism), jsonOf(j.Spec.CompletionMode), jsonOf(j.Spec.PodReplacementPolicy))
}

// jsonOf is v as JSON, for a readable comparison.
func jsonOf(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(data)
}
