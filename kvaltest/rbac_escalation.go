package kvaltest

import (
	"context"
	"errors"

	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/authorization/authorizerfactory"
	"k8s.io/apiserver/pkg/authorization/union"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/kubernetes/pkg/apis/rbac"
	rbacregistry "k8s.io/kubernetes/pkg/registry/rbac"
	rbacvalidation "k8s.io/kubernetes/pkg/registry/rbac/validation"
	rbacauthorizer "k8s.io/kubernetes/plugin/pkg/auth/authorizer/rbac"
)

// newAuthorizer is kube-apiserver's authorizer with --authorization-mode=RBAC
// (pkg/kubeapiserver/authorizer): members of system:masters may do
// anything, everyone else what RBAC's roles and bindings in v allow.
func newAuthorizer(v rbacView) (authorizer.Authorizer, error) {
	return union.New(
		union.NamedAuthorizer{AuthorizerName: "kubernetes.io/system-privileged-group", Authorizer: authorizerfactory.NewPrivilegedGroups(user.SystemPrivilegedGroup)},
		union.NamedAuthorizer{AuthorizerName: "rbac", Authorizer: rbacauthorizer.New(v, v, v, v)},
	)
}

// escalation is what kube-apiserver's RBAC registry checks a write of a
// role or a binding with (pkg/registry/rbac/*/policybased): its authorizer
// and its rule resolver, both reading the store under the write's lock.
type escalation struct {
	authorizer authorizer.Authorizer
	rules      *rbacvalidation.DefaultRuleResolver
}

func newEscalation(s *store) (*escalation, error) {
	a, err := newAuthorizer(rbacView{store: s, held: true})
	registry := rbacView{store: s, held: true, registry: true}
	return &escalation{authorizer: a, rules: rbacvalidation.NewDefaultRuleResolver(registry, registry, registry, registry)}, err
}

// checkEscalation refuses a write of a Role, a ClusterRole or a binding
// that would give its writer permissions it does not hold, as
// kube-apiserver does before it validates the object: a role only with
// rules its writer holds (or the escalate verb), a binding only to a role
// whose rules its writer holds (or the bind verb), an aggregationRule only
// by a cluster administrator. Only requests that carry their user (the
// Server's) are checked: the Client's own callers are administrators,
// whom kube-apiserver never checks, as is system:masters.
func (e *escalation) checkEscalation(ctx context.Context, t *target, obj, old map[string]any) error {
	if _, ok := request.UserFrom(ctx); !ok || rbacregistry.EscalationAllowed(ctx) || onlyGCFieldsChange(obj, old) {
		return nil
	}
	ctx = request.WithNamespace(ctx, t.key.namespace)
	switch t.key.resource {
	case rolesResource, clusterRolesResource:
		return e.checkRole(ctx, t, obj, old)
	case roleBindingsResource, clusterRoleBindingsResource:
		return e.checkBinding(ctx, t, obj)
	}
	return nil
}

// checkRole is the check of a Role or a ClusterRole.
func (e *escalation) checkRole(ctx context.Context, t *target, obj, old map[string]any) error {
	if rbacregistry.RoleEscalationAuthorized(ctx, e.authorizer) {
		return nil
	}
	role, ok := decodeRBAC[rbacv1.ClusterRole](obj)
	if !ok {
		return nil // undecodable: the object's validation answers it
	}
	if err := rbacvalidation.ConfirmNoEscalation(ctx, e.rules, role.Rules); err != nil {
		return apierrors.NewForbidden(t.key.resource, t.key.name, err)
	}
	if t.key.resource == clusterRolesResource && (hasAggregationRule(role) || aggregates(old)) {
		if err := rbacvalidation.ConfirmNoEscalation(ctx, e.rules, fullAuthority); err != nil {
			return apierrors.NewForbidden(t.key.resource, t.key.name, errors.New("must have cluster-admin privileges to use the aggregationRule"))
		}
	}
	return nil
}

// fullAuthority is cluster-admin's rules, which setting an aggregationRule
// needs: it can gather anything.
var fullAuthority = []rbacv1.PolicyRule{
	{Verbs: []string{"*"}, APIGroups: []string{"*"}, Resources: []string{"*"}},
	{Verbs: []string{"*"}, NonResourceURLs: []string{"*"}},
}

// aggregates reports whether a stored ClusterRole, nil on a create, has
// an aggregationRule with selectors.
func aggregates(old map[string]any) bool {
	if old == nil {
		return false
	}
	role, ok := decodeRBAC[rbacv1.ClusterRole](old)
	return ok && hasAggregationRule(role)
}

// hasAggregationRule reports whether a ClusterRole has an aggregationRule with selectors.
func hasAggregationRule(role *rbacv1.ClusterRole) bool {
	return role.AggregationRule != nil && len(role.AggregationRule.ClusterRoleSelectors) > 0
}

// checkBinding is the check of a RoleBinding or a ClusterRoleBinding. A
// role it references that is not there is kube-apiserver's 404.
func (e *escalation) checkBinding(ctx context.Context, t *target, obj map[string]any) error {
	binding, ok := decodeRBAC[rbacv1.RoleBinding](obj)
	if !ok {
		return nil // undecodable: the object's validation answers it
	}
	ref := binding.RoleRef
	if rbacregistry.BindingAuthorized(ctx, rbac.RoleRef{APIGroup: ref.APIGroup, Kind: ref.Kind, Name: ref.Name}, t.key.namespace, e.authorizer) {
		return nil
	}
	rules, err := e.rules.GetRoleReferenceRules(ctx, ref, t.key.namespace)
	if err != nil {
		return err
	}
	if err := rbacvalidation.ConfirmNoEscalation(ctx, e.rules, rules); err != nil {
		return apierrors.NewForbidden(t.key.resource, t.key.name, err)
	}
	return nil
}

// decodeRBAC decodes a role or a binding (a RoleBinding and a
// ClusterRoleBinding share their fields, as a Role's are a ClusterRole's).
func decodeRBAC[T any](obj map[string]any) (*T, bool) {
	out := new(T)
	return out, runtime.DefaultUnstructuredConverter.FromUnstructured(obj, out) == nil
}

// onlyGCFieldsChange reports whether an update changes only what the
// garbage collector changes (owner references, finalizers, managed
// fields), which kube-apiserver lets through unchecked.
func onlyGCFieldsChange(obj, old map[string]any) bool {
	if old == nil {
		return false
	}
	return rbacregistry.IsOnlyMutatingGCFields(&unstructured.Unstructured{Object: obj}, &unstructured.Unstructured{Object: old}, equality.Semantic)
}
