package kvaltest

import (
	"context"
	"fmt"

	"reflect"

	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubernetes/plugin/pkg/auth/authorizer/rbac/bootstrappolicy"
	"sigs.k8s.io/controller-runtime/pkg/client"
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
// left out, as kvaltest creates no namespace of its own.
func storeBootstrapPolicy(ctx context.Context, c *Client) error {
	var objects []runtime.Object
	for _, r := range append(bootstrappolicy.ClusterRoles(), bootstrappolicy.ControllerRoles()...) {
		objects = append(objects, &r)
	}
	for _, b := range append(bootstrappolicy.ClusterRoleBindings(), bootstrappolicy.ControllerRoleBindings()...) {
		objects = append(objects, &b)
	}
	for _, obj := range objects {
		if err := storeBootstrapObject(ctx, c, obj); err != nil {
			return err
		}
	}
	return nil
}

// storeBootstrapObject stores one role or binding of the bootstrap policy,
// unless one of its name is there or the client's scheme has no RBAC.
func storeBootstrapObject(ctx context.Context, c *Client, obj runtime.Object) error {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return fmt.Errorf("converting the bootstrap policy: %w", err)
	}
	u := &unstructured.Unstructured{Object: m}
	u.SetGroupVersionKind(rbacv1.SchemeGroupVersion.WithKind(reflect.TypeOf(obj).Elem().Name()))
	err = c.Create(ctx, u, client.FieldOwner(bootstrapManager))
	if err != nil && !apierrors.IsAlreadyExists(err) && !meta.IsNoMatchError(err) {
		return fmt.Errorf("storing the bootstrap policy's %s %s: %w", u.GetKind(), u.GetName(), err)
	}
	return nil
}
