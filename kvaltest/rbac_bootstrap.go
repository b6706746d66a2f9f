package kvaltest

import (
	"context"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/rest"
	"k8s.io/kubernetes/plugin/pkg/auth/authorizer/rbac/bootstrappolicy"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// bootstrapManager is the field manager of the bootstrap policy, as
// kube-apiserver's loopback client writes it.
const bootstrapManager = "kube-apiserver"

// storeBootstrapPolicy stores the ClusterRoles and ClusterRoleBindings
// kube-apiserver creates when it starts (its RBAC post-start hook, from
// bootstrappolicy): cluster-admin, admin, edit, view, system:discovery,
// system:basic-user, the controllers' roles... RBAC needs them: bindings
// refer to cluster-admin, and discovery and health checks are allowed to
// every user by them. A role or binding of the same name already stored
// stays as it is. The namespaced roles of kube-system and kube-public are
// left out, as kvaltest creates no namespace of its own; so is all of it
// when the client's scheme has no RBAC kinds.
//
// The objects are written once per process, through a client of their
// own as kube-apiserver's hook creates them, and copied into each
// server's store with their own uids, times and resourceVersions: writing
// them took a server 20 ms.
func storeBootstrapPolicy(c *Client) error {
	if _, err := c.kinds().forKind(rbacv1.SchemeGroupVersion.WithKind("ClusterRole")); err != nil {
		return nil
	}
	objects, err := bootstrapObjects()
	if err != nil {
		return err
	}
	now := metav1.Now().UTC().Format(time.RFC3339)
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	for _, k := range slices.SortedFunc(maps.Keys(objects), compareKeys) {
		if _, exists := c.store.objects[k]; !exists {
			c.store.put(k, stampedCopy(objects[k], now, c.store.nextResourceVersion()), watch.Added)
		}
	}
	return nil
}

// compareKeys orders the bootstrap objects as kube-apiserver creates
// them: ClusterRoles before bindings, each by name.
func compareKeys(a, b key) int {
	switch {
	case a.resource == b.resource:
		return strings.Compare(a.name, b.name)
	case a.resource == clusterRolesResource:
		return -1
	}
	return 1
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

// bootstrapPolicy is the bootstrap policy as stored, made once per process.
var bootstrapPolicy struct {
	once    sync.Once
	objects map[key]map[string]any
	err     error
}

func bootstrapObjects() (map[key]map[string]any, error) {
	bootstrapPolicy.once.Do(func() {
		bootstrapPolicy.objects, bootstrapPolicy.err = writeBootstrapObjects()
	})
	return bootstrapPolicy.objects, bootstrapPolicy.err
}

// writeBootstrapObjects creates the bootstrap policy through a client of
// its own, with managed fields as any write, and returns what it stored.
// The policy is kube-apiserver's own and valid: written as validated
// writes store it (TestBootstrapPolicyIsStoredAsValidated), it does not
// load the built-in kinds' validation, which a server's start would wait
// for (40 ms).
func writeBootstrapObjects(opts ...Option) (map[key]map[string]any, error) {
	c, err := New(CRDs(), nil, append([]Option{WarningHandler(rest.NoWarnings{}), SkipBuiltinValidation()}, opts...)...)
	if err != nil {
		return nil, fmt.Errorf("storing the bootstrap policy: %w", err)
	}
	defer c.Close()
	for _, obj := range bootstrapList() {
		if err := writeBootstrapObject(c, obj); err != nil {
			return nil, err
		}
	}
	return maps.Clone(c.store.objects), nil
}

// bootstrapList is the bootstrap policy: its ClusterRoles, then its
// ClusterRoleBindings.
func bootstrapList() []runtime.Object {
	var objects []runtime.Object
	for _, r := range append(bootstrappolicy.ClusterRoles(), bootstrappolicy.ControllerRoles()...) {
		objects = append(objects, &r)
	}
	for _, b := range append(bootstrappolicy.ClusterRoleBindings(), bootstrappolicy.ControllerRoleBindings()...) {
		objects = append(objects, &b)
	}
	return objects
}

// writeBootstrapObject creates one role or binding of the bootstrap policy.
func writeBootstrapObject(c *Client, obj runtime.Object) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return fmt.Errorf("converting the bootstrap policy: %w", err)
	}
	u := &unstructured.Unstructured{Object: m}
	u.SetGroupVersionKind(rbacv1.SchemeGroupVersion.WithKind(reflect.TypeOf(obj).Elem().Name()))
	if err := c.Create(context.Background(), u, client.FieldOwner(bootstrapManager)); err != nil {
		return fmt.Errorf("storing the bootstrap policy's %s %s: %w", u.GetKind(), u.GetName(), err)
	}
	return nil
}
