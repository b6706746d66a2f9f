package e2e

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// observeNamespaceFinalize writes a Namespace's finalize subresource:
// finalizer names kube-apiserver's finalize strategy refuses, then one
// that also changes a label and the status, which it takes and keeps.
func observeNamespaceFinalize(ctx context.Context, cs kubernetes.Interface, o observations) {
	namespaces := cs.CoreV1().Namespaces()
	ns, err := namespaces.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "i54-finalize"}}, metav1.CreateOptions{})
	if err != nil {
		o["namespace finalize"] = errText(err)
		return
	}
	bad := ns.DeepCopy()
	bad.Spec.Finalizers = []corev1.FinalizerName{"bad finalizer", "a/b/c", "kubernetes"}
	_, err = namespaces.Finalize(ctx, bad, metav1.UpdateOptions{})
	o["namespace finalize: bad names"] = errText(err)
	ns.Spec.Finalizers = []corev1.FinalizerName{"kubernetes", "example.com/cleanup"}
	ns.Labels["team"] = "a"
	ns.Status.Phase = corev1.NamespaceTerminating
	got, err := namespaces.Finalize(ctx, ns, metav1.UpdateOptions{})
	o["namespace finalize: what is stored"] = fmt.Sprintln(errText(err), got.Spec.Finalizers, got.Labels, got.Status.Phase)
}
