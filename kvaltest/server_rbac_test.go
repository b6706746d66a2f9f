package kvaltest_test

import (
	"context"
	"net/http"
	"testing"

	authenticationv1 "k8s.io/api/authentication/v1"
	authorizationv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/kval-dev/kval/kvaltest"
)

// impersonating is a clientset of the server that impersonates a
// service account, as a controller that applies on a tenant's behalf does.
func impersonating(t *testing.T, cfg *rest.Config, namespace, name string) kubernetes.Interface {
	t.Helper()
	return kubernetes.NewForConfigOrDie(impersonatingConfig(cfg, namespace, name))
}

// impersonatingConfig is cfg impersonating service account namespace/name.
func impersonatingConfig(cfg *rest.Config, namespace, name string) *rest.Config {
	cfg.Impersonate = rest.ImpersonationConfig{UserName: "system:serviceaccount:" + namespace + ":" + name}
	return cfg
}

// An impersonated service account may do nothing until a binding lets it:
// kube-apiserver's 403 and message, then the write, as RBAC decides over
// the bootstrap policy's cluster-admin. Discovery is every user's.
func TestServerAuthorizesImpersonatedUsersWithRBAC(t *testing.T) {
	srv, admin := newClientset(t)
	ctx := context.Background()
	tenant := impersonating(t, srv.Config(), "ns", "deployer")
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c"}}
	_, err := tenant.CoreV1().ConfigMaps("ns").Create(ctx, cm, metav1.CreateOptions{})
	want := `configmaps is forbidden: User "system:serviceaccount:ns:deployer" cannot create resource "configmaps" in API group "" in the namespace "ns"`
	if statusCode(err) != http.StatusForbidden || err.Error() != want {
		t.Fatalf("before a binding: %v, want 403 %s", err, want)
	}
	if _, err := tenant.Discovery().ServerGroups(); err != nil {
		t.Errorf("discovery, which system:discovery allows every user: %v", err)
	}
	bind(t, admin, "cluster-admin", rbacv1.Subject{Kind: "ServiceAccount", Name: "deployer", Namespace: "ns"})
	if _, err := tenant.CoreV1().ConfigMaps("ns").Create(ctx, cm, metav1.CreateOptions{}); err != nil {
		t.Errorf("bound to cluster-admin: %v", err)
	}
}

// bind binds a ClusterRole to a subject cluster-wide, as the administrator.
func bind(t *testing.T, cs kubernetes.Interface, role string, subject rbacv1.Subject) {
	t.Helper()
	crb := &rbacv1.ClusterRoleBinding{ObjectMeta: metav1.ObjectMeta{GenerateName: role + "-"}, Subjects: []rbacv1.Subject{subject},
		RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role}}
	if _, err := cs.RbacV1().ClusterRoleBindings().Create(context.Background(), crb, metav1.CreateOptions{}); err != nil {
		t.Fatalf("binding %s: %v", role, err)
	}
}

// The server holds kube-apiserver's bootstrap policy: cluster-admin,
// labelled and annotated as kube-apiserver creates it.
func TestServerHoldsTheBootstrapPolicy(t *testing.T) {
	_, admin := newClientset(t)
	role, err := admin.RbacV1().ClusterRoles().Get(context.Background(), "cluster-admin", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if role.Labels["kubernetes.io/bootstrapping"] != "rbac-defaults" || role.Annotations[rbacv1.AutoUpdateAnnotationKey] != "true" || len(role.Rules) != 2 {
		t.Errorf("cluster-admin: labels %v, annotations %v, rules %v", role.Labels, role.Annotations, role.Rules)
	}
	if _, err := admin.RbacV1().ClusterRoleBindings().Get(context.Background(), "system:discovery", metav1.GetOptions{}); err != nil {
		t.Error(err)
	}
	// Each server's copy is its own object.
	_, other := newClientset(t)
	again, err := other.RbacV1().ClusterRoles().Get(context.Background(), "cluster-admin", metav1.GetOptions{})
	if err != nil || again.UID == role.UID || again.ManagedFields[0].Manager != "kube-apiserver" {
		t.Errorf("another server's cluster-admin: %v, uid %s (first %s), managers %v", err, again.UID, role.UID, again.ManagedFields)
	}
}

// A user may write a role only with permissions it holds, and bind a role
// only if it holds the role's permissions: kube-apiserver's escalation
// checks, their 403s, and a binding's 404 for a role not there (named as
// kube-apiserver names it, by the request's resource).
func TestServerRefusesRBACEscalation(t *testing.T) {
	srv, admin := newClientset(t)
	ctx := context.Background()
	tenant := roleWriter(t, srv, admin)

	binding := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: "reads"}, RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "reads"},
		Subjects: []rbacv1.Subject{{Kind: "ServiceAccount", Name: "default", Namespace: "ns"}}}
	_, err := tenant.RbacV1().RoleBindings("ns").Create(ctx, binding, metav1.CreateOptions{})
	if want := `rolebindings.rbac.authorization.k8s.io "reads" not found`; statusCode(err) != http.StatusNotFound || err.Error() != want {
		t.Errorf("a binding to a Role not there: %v, want 404 %s", err, want)
	}
	tooMuch := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "lists"}, Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"list"}}}}
	_, err = tenant.RbacV1().Roles("ns").Create(ctx, tooMuch, metav1.CreateOptions{})
	if statusCode(err) != http.StatusForbidden || !contains(err.Error(), `roles.rbac.authorization.k8s.io "lists" is forbidden: user "system:serviceaccount:ns:tenant"`) ||
		!contains(err.Error(), "attempting to grant RBAC permissions not currently held") {
		t.Errorf("a Role granting more than its writer holds: %v", err)
	}
	reads := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "reads"}, Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get"}}}}
	if _, err := tenant.RbacV1().Roles("ns").Create(ctx, reads, metav1.CreateOptions{}); err != nil {
		t.Errorf("a Role granting what its writer holds: %v", err)
	}
	if _, err := tenant.RbacV1().RoleBindings("ns").Create(ctx, binding, metav1.CreateOptions{}); err != nil {
		t.Errorf("a binding to a Role whose rules its writer holds: %v", err)
	}
}

// Access reviews ask the server's authorizer, as kube-apiserver's do; a
// TokenReview, which needs an authenticator, is refused with 501.
func TestServerAnswersAccessReviews(t *testing.T) {
	srv, admin := newClientset(t)
	ctx := context.Background()
	tenant := impersonating(t, srv.Config(), "ns", "tenant")
	attrs := &authorizationv1.ResourceAttributes{Namespace: "ns", Verb: "get", Resource: "configmaps"}
	self := &authorizationv1.SelfSubjectAccessReview{Spec: authorizationv1.SelfSubjectAccessReviewSpec{ResourceAttributes: attrs}}
	asAdmin, err := admin.AuthorizationV1().SelfSubjectAccessReviews().Create(ctx, self, metav1.CreateOptions{})
	if err != nil || !asAdmin.Status.Allowed {
		t.Errorf("the administrator's own review: %v %+v, want allowed", err, asAdmin.Status)
	}
	asTenant, err := tenant.AuthorizationV1().SelfSubjectAccessReviews().Create(ctx, self, metav1.CreateOptions{})
	if err != nil || asTenant.Status.Allowed {
		t.Errorf("an unbound service account's own review: %v %+v, want not allowed", err, asTenant.Status)
	}
	bind(t, admin, "view", rbacv1.Subject{Kind: "User", Name: "jane"})
	sar := &authorizationv1.SubjectAccessReview{Spec: authorizationv1.SubjectAccessReviewSpec{User: "jane", ResourceAttributes: attrs}}
	forJane, err := admin.AuthorizationV1().SubjectAccessReviews().Create(ctx, sar, metav1.CreateOptions{})
	if err != nil || forJane.Status.Allowed {
		t.Errorf("jane, bound to the aggregated view role no controller fills: %v %+v, want not allowed", err, forJane.Status)
	}
	who, err := tenant.AuthenticationV1().SelfSubjectReviews().Create(ctx, &authenticationv1.SelfSubjectReview{}, metav1.CreateOptions{})
	if err != nil || who.Status.UserInfo.Username != "system:serviceaccount:ns:tenant" {
		t.Errorf("who an impersonating client is: %v %+v", err, who.Status.UserInfo)
	}
	_, err = admin.AuthenticationV1().TokenReviews().Create(ctx, &authenticationv1.TokenReview{Spec: authenticationv1.TokenReviewSpec{Token: "t"}}, metav1.CreateOptions{})
	if statusCode(err) != http.StatusNotImplemented || !contains(err.Error(), "kvaltest has no authenticator") {
		t.Errorf("a TokenReview: %v, want kvaltest's 501", err)
	}
}

// roleWriter is a clientset of service account ns/tenant, which may write
// roles and bindings in every namespace and get ConfigMaps, nothing more.
func roleWriter(t *testing.T, srv *kvaltest.Server, admin kubernetes.Interface) kubernetes.Interface {
	t.Helper()
	writesRoles := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{Name: "writes-roles"}, Rules: []rbacv1.PolicyRule{
		{APIGroups: []string{rbacv1.GroupName}, Resources: []string{"roles", "rolebindings"}, Verbs: []string{"create", "get", "patch"}},
		{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get"}},
	}}
	if _, err := admin.RbacV1().ClusterRoles().Create(context.Background(), writesRoles, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	bind(t, admin, "writes-roles", rbacv1.Subject{Kind: "ServiceAccount", Name: "tenant", Namespace: "ns"})
	return impersonating(t, srv.Config(), "ns", "tenant")
}

// An update is checked as a create is, unless it changes only what the
// garbage collector changes; a role that does not decode is answered by
// its validation (400), not by the escalation check.
func TestServerChecksRBACUpdatesAndUndecodableRoles(t *testing.T) {
	srv, admin := newClientset(t)
	ctx := context.Background()
	tenant := roleWriter(t, srv, admin)
	wide := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "wide", Namespace: "ns"}, Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"list"}}}}
	if _, err := admin.RbacV1().Roles("ns").Create(ctx, wide, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	finalizer := []byte(`{"metadata":{"finalizers":["example.com/keep"]}}`)
	if _, err := tenant.RbacV1().Roles("ns").Patch(ctx, "wide", types.MergePatchType, finalizer, metav1.PatchOptions{}); err != nil {
		t.Errorf("a finalizer added to a Role that grants more than its writer holds: %v", err)
	}
	label := []byte(`{"metadata":{"labels":{"a":"b"}}}`)
	if _, err := tenant.RbacV1().Roles("ns").Patch(ctx, "wide", types.MergePatchType, label, metav1.PatchOptions{}); statusCode(err) != http.StatusForbidden {
		t.Errorf("a label added to it: %v, want 403", err)
	}
	bad := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "Role",
		"metadata": map[string]any{"name": "bad", "namespace": "ns"}, "rules": "all"}}
	_, err := dynamic.NewForConfigOrDie(impersonatingConfig(srv.Config(), "ns", "tenant")).Resource(rbacv1.SchemeGroupVersion.WithResource("roles")).Namespace("ns").Create(ctx, bad, metav1.CreateOptions{})
	if statusCode(err) != http.StatusBadRequest {
		t.Errorf("a Role whose rules are a string: %v, want its decoding's 400", err)
	}
}

// A review is only created: any other verb is 405, as kube-apiserver answers.
func TestServerReviewsAreOnlyCreated(t *testing.T) {
	srv, _ := newClientset(t)
	resp, _ := serverGet(t, srv, "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews")
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET of selfsubjectaccessreviews: %d, want 405", resp.StatusCode)
	}
}
