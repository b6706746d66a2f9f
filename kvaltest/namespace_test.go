package kvaltest_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// A namespace is created Active with the "kubernetes" finalizer, which an
// update of the namespace does not change, as kube-apiserver's strategy.
func TestServerNamespacesAreActiveWithTheKubernetesFinalizer(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	ns, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n"}}, metav1.CreateOptions{})
	if err != nil || ns.Status.Phase != corev1.NamespaceActive || !slices.Equal(ns.Spec.Finalizers, []corev1.FinalizerName{"kubernetes"}) {
		t.Fatalf("a new namespace: %v, phase %q, finalizers %v", err, ns.Status.Phase, ns.Spec.Finalizers)
	}
	ns.Spec.Finalizers = nil
	ns.Labels = map[string]string{"a": "b"}
	ns, err = cs.CoreV1().Namespaces().Update(ctx, ns, metav1.UpdateOptions{})
	if err != nil || len(ns.Spec.Finalizers) != 1 || ns.Labels["a"] != "b" {
		t.Fatalf("an update that drops spec.finalizers: %v, finalizers %v", err, ns.Spec.Finalizers)
	}
}

// Deleting a namespace marks it Terminating; it goes once finalize
// empties spec.finalizers, as without a namespace controller in envtest.
func TestServerDeletedNamespacesTerminateUntilFinalized(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := cs.CoreV1().Namespaces().Delete(ctx, "n", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	ns, err := cs.CoreV1().Namespaces().Get(ctx, "n", metav1.GetOptions{})
	if err != nil || ns.Status.Phase != corev1.NamespaceTerminating || ns.DeletionTimestamp == nil {
		t.Fatalf("a deleted namespace: %v %+v", err, ns)
	}
	ns.Spec.Finalizers = nil
	if _, err := cs.CoreV1().Namespaces().Finalize(ctx, ns, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("finalize: %v", err)
	}
	if _, err := cs.CoreV1().Namespaces().Get(ctx, "n", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("a finalized deleted namespace: %v, want NotFound", err)
	}
}

// Finalize runs kube-apiserver's finalize strategy: finalizer names it
// refuses are 422 (as e2e's server comparison records), and a finalize
// that also changes a label and the status stores the label, not the
// status.
func TestServerFinalizeValidatesFinalizerNames(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	ns, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "n"}}, metav1.CreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bad := ns.DeepCopy()
	bad.Spec.Finalizers = []corev1.FinalizerName{"bad finalizer"}
	if _, err := cs.CoreV1().Namespaces().Finalize(ctx, bad, metav1.UpdateOptions{}); !apierrors.IsInvalid(err) ||
		!strings.Contains(err.Error(), `spec.finalizers[0]: Invalid value: "bad finalizer": name is neither a standard finalizer name nor is it fully qualified`) {
		t.Fatalf("finalize with a bad name: %v, want Invalid", err)
	}
	ns.Spec.Finalizers = []corev1.FinalizerName{"kubernetes", "example.com/cleanup"}
	ns.Labels["team"], ns.Status.Phase = "a", corev1.NamespaceTerminating
	got, err := cs.CoreV1().Namespaces().Finalize(ctx, ns, metav1.UpdateOptions{})
	if err != nil || len(got.Spec.Finalizers) != 2 || got.Labels["team"] != "a" || got.Status.Phase != corev1.NamespaceActive {
		t.Fatalf("finalize: %v, finalizers %v, labels %v, phase %q", err, got.Spec.Finalizers, got.Labels, got.Status.Phase)
	}
}
