package kvaltest

import (
	"context"

	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/endpoints/request"
)

// The RBAC resources, as the store keys them.
var (
	rolesResource               = rbacv1.Resource("roles")
	clusterRolesResource        = rbacv1.Resource("clusterroles")
	roleBindingsResource        = rbacv1.Resource("rolebindings")
	clusterRoleBindingsResource = rbacv1.Resource("clusterrolebindings")
)

// rbacView reads a store's Roles, ClusterRoles and their bindings for
// kube-apiserver's own RBAC authorizer and rule resolver, which take
// getters and listers. held says that its callers hold the store's lock
// (a write's escalation check runs inside the write); else every read
// takes it (the server's authorization filter).
//
// A role that is not there is an error whose wording kube-apiserver's
// reader gives: its authorizer reads through informers' listers, which
// name the resource in the singular ("clusterrole.rbac.authorization.k8s.io
// "x" not found"); its escalation checks read through the registry, which
// names the resource of the request being checked (a RoleBinding's create
// reports a missing Role as `rolebindings.rbac.authorization.k8s.io "x"
// not found`).
type rbacView struct {
	store    *store
	held     bool
	registry bool // name a missing role as the registry does, not as a lister
}

// read returns the stored RBAC object at k decoded into into.
func (v rbacView) read(ctx context.Context, k key, into runtime.Object) error {
	if !v.held {
		v.store.mu.Lock()
		defer v.store.mu.Unlock()
	}
	m, ok := v.store.objects[k]
	if !ok {
		return apierrors.NewNotFound(v.missing(ctx, k.resource), k.name)
	}
	return runtime.DefaultUnstructuredConverter.FromUnstructured(m, into)
}

// missing is the resource a not-found error names.
func (v rbacView) missing(ctx context.Context, resource schema.GroupResource) schema.GroupResource {
	if !v.registry {
		return rbacv1.Resource(singularRBAC[resource])
	}
	if info, ok := request.RequestInfoFrom(ctx); ok {
		return schema.GroupResource{Group: info.APIGroup, Resource: info.Resource}
	}
	return resource
}

// singularRBAC are the singular names client-go's listers give the roles.
var singularRBAC = map[schema.GroupResource]string{rolesResource: "role", clusterRolesResource: "clusterrole"}

// decodeAll decodes every stored object of resource in namespace ("" for all).
func decodeAll[T any](v rbacView, resource schema.GroupResource, namespace string) ([]*T, error) {
	if !v.held {
		v.store.mu.Lock()
		defer v.store.mu.Unlock()
	}
	stored := v.store.list(resource, namespace)
	out := make([]*T, 0, len(stored))
	for _, s := range stored {
		item := new(T)
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(s.object, item); err != nil {
			return nil, err
		}
		out = append(out, item)
	}
	return out, nil
}

func (v rbacView) GetRole(ctx context.Context, namespace, name string) (*rbacv1.Role, error) {
	role := &rbacv1.Role{}
	return role, v.read(ctx, key{resource: rolesResource, namespace: namespace, name: name}, role)
}

func (v rbacView) GetClusterRole(ctx context.Context, name string) (*rbacv1.ClusterRole, error) {
	role := &rbacv1.ClusterRole{}
	return role, v.read(ctx, key{resource: clusterRolesResource, name: name}, role)
}

func (v rbacView) ListRoleBindings(_ context.Context, namespace string) ([]*rbacv1.RoleBinding, error) {
	return decodeAll[rbacv1.RoleBinding](v, roleBindingsResource, namespace)
}

func (v rbacView) ListClusterRoleBindings(context.Context) ([]*rbacv1.ClusterRoleBinding, error) {
	return decodeAll[rbacv1.ClusterRoleBinding](v, clusterRoleBindingsResource, "")
}
