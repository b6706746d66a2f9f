package kvaltest

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// Namespaces as kube-apiserver's namespace registry keeps them
// (pkg/registry/core/namespace): created Active with the "kubernetes"
// finalizer in spec.finalizers, which only the finalize subresource
// changes; the first delete marks a namespace Terminating, and it goes
// when a write or delete finds both its finalizer lists empty. kvaltest
// runs no namespace controller (envtest neither): a deleted namespace
// stays Terminating until the test finalizes it.

var namespaces = schema.GroupResource{Resource: "namespaces"}

const (
	finalizeSubresource = "finalize"
	finalizerKubernetes = "kubernetes"
)

func (t *target) isNamespace() bool { return t.kind.resource == namespaces && !t.kind.custom() }

// prepareNamespaceCreate gives a new namespace its finalizer and phase.
func (t *target) prepareNamespaceCreate(m map[string]any) {
	if !t.isNamespace() {
		return
	}
	spec, _ := m["spec"].(map[string]any)
	if spec == nil {
		spec = map[string]any{}
		m["spec"] = spec
	}
	finalizers, _ := spec["finalizers"].([]any)
	if !containsString(finalizers, finalizerKubernetes) {
		spec["finalizers"] = append(finalizers, finalizerKubernetes)
	}
	m["status"] = map[string]any{"phase": "Active"}
}

// prepareNamespaceUpdate keeps spec.finalizers on an update of the
// namespace itself: only finalize changes them.
func (t *target) prepareNamespaceUpdate(out, old map[string]any, subresource string) {
	if !t.isNamespace() || subresource != "" {
		return
	}
	spec, _ := out["spec"].(map[string]any)
	oldSpec, _ := old["spec"].(map[string]any)
	if spec == nil {
		spec = map[string]any{}
		out["spec"] = spec
	}
	copyKey(spec, oldSpec, "finalizers")
}

// deleteNamespaceLocked is kube-apiserver's delete of a namespace; it
// reports false for a namespace the generic delete removes.
func (c *Client) deleteNamespaceLocked(t *target, current map[string]any, now time.Time) bool {
	if !t.isNamespace() {
		return false
	}
	if metaOf(current)["deletionTimestamp"] == nil {
		marked := jsonvalue.DeepCopyObject(current)
		metaOf(marked)["deletionTimestamp"] = metav1.NewTime(now).UTC().Format(time.RFC3339)
		marked["status"] = map[string]any{"phase": "Terminating"}
		metaOf(marked)["resourceVersion"] = c.store.nextResourceVersion()
		c.store.put(t.key, marked, watch.Modified)
		return true
	}
	return len(specFinalizers(current)) > 0
}

// finalized reports whether a deleted object has no finalizer left (a
// namespace none in spec.finalizers either).
func (t *target) finalized(m map[string]any) bool {
	return finalized(m) && (!t.isNamespace() || len(specFinalizers(m)) == 0)
}

func specFinalizers(m map[string]any) []any {
	spec, _ := m["spec"].(map[string]any)
	finalizers, _ := spec["finalizers"].([]any)
	return finalizers
}

func containsString(list []any, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// storedNamespace is a namespace as the store holds it, for the
// strategies that read one (a ResourceClaim asking for admin access to
// devices reads its namespace's label). The caller holds the store's lock,
// as every write does.
func (c *Client) storedNamespace(_ context.Context, name string) (*corev1.Namespace, error) {
	obj, found := c.store.objects[key{resource: namespaces, name: name}]
	if !found {
		return nil, apierrors.NewNotFound(corev1.Resource("namespaces"), name)
	}
	ns := &corev1.Namespace{}
	return ns, runtime.DefaultUnstructuredConverter.FromUnstructured(obj, ns)
}
