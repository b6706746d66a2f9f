package kvaltest

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/kubernetes/plugin/pkg/auth/authorizer/rbac/bootstrappolicy"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// bootstrapManager is the field manager of what kube-apiserver creates
// when it starts, as its loopback client writes it.
const bootstrapManager = "kube-apiserver"

// storeBootstrap stores what kube-apiserver creates when it starts: the
// system namespaces (default, kube-system, kube-public, kube-node-lease)
// and the RBAC bootstrap policy (its RBAC post-start hook, from
// bootstrappolicy): cluster-admin, admin, edit, view, system:discovery,
// system:basic-user, the controllers' roles and their bindings, and the
// roles of kube-system and kube-public. RBAC needs them: bindings refer to
// cluster-admin, and discovery and health checks are allowed to every
// user by them. An object of the same name already stored stays as it
// is; a kind the client's scheme lacks is left out.
//
// The objects are written once per process, through a client of their
// own as kube-apiserver creates them, and copied into each server's store
// with their own uids, times and resourceVersions, in the order they were
// written: writing them took a server 20 ms.
func storeBootstrap(c *Client) error {
	objects, err := bootstrapObjects()
	if err != nil {
		return err
	}
	now := metav1.Now().UTC().Format(time.RFC3339)
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	for _, o := range objects {
		if _, exists := c.store.objects[o.key]; !exists && c.serves(o.kind) {
			c.store.put(o.key, stampedCopy(o.object, now, c.store.nextResourceVersion()), watch.Added)
		}
	}
	return nil
}

// serves reports whether the client serves a kind (its scheme has it).
func (c *Client) serves(gvk schema.GroupVersionKind) bool {
	_, err := c.kinds().forKind(gvk)
	return err == nil
}

// stampedCopy is a copy of a bootstrap object with a uid, a creation and
// managed-fields time and a resourceVersion of its own.
func stampedCopy(obj map[string]any, now, resourceVersion string) map[string]any {
	out := jsonvalue.DeepCopyObject(obj)
	meta := metaOf(out)
	meta["uid"] = string(uuid.NewUUID())
	meta["creationTimestamp"] = now
	meta["resourceVersion"] = resourceVersion
	managed, _ := meta["managedFields"].([]any)
	for _, entry := range managed {
		if m, ok := entry.(map[string]any); ok {
			m["time"] = now
		}
	}
	return out
}

// bootstrapObject is one object kube-apiserver creates at start, as stored.
type bootstrapObject struct {
	key    key
	kind   schema.GroupVersionKind
	object map[string]any
}

// bootstrap is what kube-apiserver creates at start, made once per process.
var bootstrap struct {
	once    sync.Once
	objects []bootstrapObject
	err     error
}

func bootstrapObjects() ([]bootstrapObject, error) {
	bootstrap.once.Do(func() {
		bootstrap.objects, bootstrap.err = writeBootstrapObjects()
	})
	return bootstrap.objects, bootstrap.err
}

// writeBootstrapObjects creates the bootstrap objects through a client of
// its own, with managed fields as any write, and returns what it stored,
// in order. They are kube-apiserver's own and valid: written as validated
// writes store them (TestBootstrapIsStoredAsValidated), they do not load
// the built-in kinds' validation, which a server's start would wait for
// (40 ms).
func writeBootstrapObjects(opts ...Option) ([]bootstrapObject, error) {
	c, err := New(CRDs(), nil, append([]Option{WarningHandler(rest.NoWarnings{}), SkipBuiltinValidation()}, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("storing kube-apiserver's bootstrap objects: %w", err)
	}
	defer c.Close()
	var out []bootstrapObject
	for _, obj := range bootstrapList() {
		written, err := writeBootstrapObject(c, obj)
		if err != nil {
			return nil, err
		}
		out = append(out, written)
	}
	return out, nil
}

// bootstrapList is what kube-apiserver creates, in its order: the system
// namespaces, then the ClusterRoles, the ClusterRoleBindings, the
// namespaced Roles and RoleBindings of the bootstrap policy.
func bootstrapList() []runtime.Object {
	var objects []runtime.Object
	for _, name := range []string{metav1.NamespaceDefault, metav1.NamespaceSystem, metav1.NamespacePublic, corev1.NamespaceNodeLease} {
		objects = append(objects, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{corev1.LabelMetadataName: name}}})
	}
	for _, r := range append(bootstrappolicy.ClusterRoles(), bootstrappolicy.ControllerRoles()...) {
		objects = append(objects, &r)
	}
	for _, b := range append(bootstrappolicy.ClusterRoleBindings(), bootstrappolicy.ControllerRoleBindings()...) {
		objects = append(objects, &b)
	}
	roles, bindings := bootstrappolicy.NamespaceRoles(), bootstrappolicy.NamespaceRoleBindings()
	for _, ns := range slices.Sorted(maps.Keys(roles)) {
		for _, r := range roles[ns] {
			objects = append(objects, &r)
		}
	}
	for _, ns := range slices.Sorted(maps.Keys(bindings)) {
		for _, b := range bindings[ns] {
			objects = append(objects, &b)
		}
	}
	return objects
}

// writeBootstrapObject creates one bootstrap object and returns it as stored.
func writeBootstrapObject(c *Client, obj runtime.Object) (bootstrapObject, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return bootstrapObject{}, fmt.Errorf("converting kube-apiserver's bootstrap objects: %w", err)
	}
	u := &unstructured.Unstructured{Object: m}
	u.SetGroupVersionKind(kindOf(obj))
	if err := c.Create(context.Background(), u, client.FieldOwner(bootstrapManager)); err != nil {
		return bootstrapObject{}, fmt.Errorf("storing kube-apiserver's bootstrap %s %s: %w", u.GetKind(), u.GetName(), err)
	}
	t, err := c.resolveTarget(u)
	if err != nil {
		return bootstrapObject{}, err
	}
	return bootstrapObject{key: t.key, kind: u.GroupVersionKind(), object: c.store.objects[t.key]}, nil
}

// kindOf is the kind of a bootstrap object: a core v1 Namespace or an RBAC v1 kind.
func kindOf(obj runtime.Object) schema.GroupVersionKind {
	name := reflect.TypeOf(obj).Elem().Name()
	if _, ok := obj.(*corev1.Namespace); ok {
		return corev1.SchemeGroupVersion.WithKind(name)
	}
	return rbacv1.SchemeGroupVersion.WithKind(name)
}
