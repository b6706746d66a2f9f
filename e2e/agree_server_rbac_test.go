package e2e

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	authenticationv1 "k8s.io/api/authentication/v1"
	authorizationv1 "k8s.io/api/authorization/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// observeRBAC records what a server answers users who impersonate a
// service account: RBAC's 403s and their messages, discovery, a binding
// to a role not there, the escalation checks on roles and bindings, and
// the bootstrap policy. kube-apiserver's authorizer reads bindings through
// informers, so a step after a new binding waits until it has them.
//
// One wording differs by release: kube-apiserver 1.37's authorizer
// (k8s.io/apiserver v0.37's union, which kvaltest runs) puts the name of
// the authorizer before its reason ("rbac: RBAC: clusterrole... not
// found"), 1.36's, which e2e runs, does not; the observation drops it.
func observeRBAC(ctx context.Context, cfg *rest.Config, admin kubernetes.Interface, o observations) {
	observeBootstrapPolicy(ctx, admin, o)
	deployer := impersonatingSA(cfg, "deployer")
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "i49-rbac"}}
	_, err := deployer.CoreV1().ConfigMaps("i49-paths").Create(ctx, cm, metav1.CreateOptions{})
	o["impersonated create, no binding"] = errText(err)
	_, err = deployer.RbacV1().ClusterRoles().Get(ctx, "cluster-admin", metav1.GetOptions{})
	o["impersonated cluster-scoped get, no binding"] = errText(err)
	_, err = deployer.Discovery().ServerGroups()
	o["impersonated discovery"] = errText(err)
	observeReviews(ctx, admin, deployer, o)
	bindTo(ctx, admin, "i49-missing", "deployer")
	err = untilAuthorized(func() error {
		_, err := deployer.CoreV1().ConfigMaps("i49-paths").Create(ctx, cm, metav1.CreateOptions{})
		return err
	}, func(err error) bool { return apierrors.IsForbidden(err) && !strings.Contains(err.Error(), "not found") })
	o["impersonated create, bound to a missing role"] = strings.Replace(errText(err), ": rbac: RBAC: ", ": RBAC: ", 1)
	bindTo(ctx, admin, "cluster-admin", "deployer")
	o["impersonated create, bound to cluster-admin"] = errText(untilAuthorized(func() error {
		_, err := deployer.CoreV1().ConfigMaps("i49-paths").Create(ctx, cm, metav1.CreateOptions{})
		return err
	}, apierrors.IsForbidden))
	observeEscalation(ctx, cfg, admin, o)
}

// observeReviews records the reviews' answers: the administrator's and
// an unbound service account's own access, a user's access asked by the
// administrator, the account's rules and who it is.
func observeReviews(ctx context.Context, admin, deployer kubernetes.Interface, o observations) {
	attrs := &authorizationv1.ResourceAttributes{Namespace: "i49-paths", Verb: "get", Resource: "configmaps"}
	self := &authorizationv1.SelfSubjectAccessReview{Spec: authorizationv1.SelfSubjectAccessReviewSpec{ResourceAttributes: attrs}}
	got, err := admin.AuthorizationV1().SelfSubjectAccessReviews().Create(ctx, self, metav1.CreateOptions{})
	o["review: the administrator's own"] = fmt.Sprintln(errText(err), jsonOf(got.Status))
	got, err = deployer.AuthorizationV1().SelfSubjectAccessReviews().Create(ctx, self, metav1.CreateOptions{})
	o["review: an unbound account's own"] = fmt.Sprintln(errText(err), jsonOf(got.Status))
	sar := &authorizationv1.SubjectAccessReview{Spec: authorizationv1.SubjectAccessReviewSpec{User: "jane", NonResourceAttributes: &authorizationv1.NonResourceAttributes{Path: "/apis", Verb: "get"}}}
	forJane, err := admin.AuthorizationV1().SubjectAccessReviews().Create(ctx, sar, metav1.CreateOptions{})
	o["review: jane's discovery, without groups"] = fmt.Sprintln(errText(err), jsonOf(forJane.Status))
	rules, err := deployer.AuthorizationV1().SelfSubjectRulesReviews().Create(ctx, &authorizationv1.SelfSubjectRulesReview{Spec: authorizationv1.SelfSubjectRulesReviewSpec{Namespace: "i49-paths"}}, metav1.CreateOptions{})
	o["review: an unbound account's rules"] = fmt.Sprintln(errText(err), jsonOf(comparableRules(rules.Status)))
	who, err := deployer.AuthenticationV1().SelfSubjectReviews().Create(ctx, &authenticationv1.SelfSubjectReview{}, metav1.CreateOptions{})
	o["review: who an impersonating client is"] = fmt.Sprintln(errText(err), jsonOf(who.Status))
}

// comparableRules are a rules review's rules in an order of their own:
// kube-apiserver lists them in its informers' order, which varies. The
// rule that reads ClusterTrustBundles is left out: kube-apiserver 1.37's
// bootstrap policy, which kvaltest holds, gives it to every user (its
// ClusterTrustBundle feature is GA, on by default, in 1.37), 1.36's, which
// e2e runs, does not.
func comparableRules(status authorizationv1.SubjectRulesReviewStatus) authorizationv1.SubjectRulesReviewStatus {
	status.ResourceRules = slices.DeleteFunc(status.ResourceRules, func(r authorizationv1.ResourceRule) bool {
		return slices.Contains(r.Resources, "clustertrustbundles")
	})
	slices.SortFunc(status.NonResourceRules, func(a, b authorizationv1.NonResourceRule) int {
		return strings.Compare(jsonOf(a), jsonOf(b))
	})
	return status
}

var instanceID = regexp.MustCompile(`-[0-9a-f]{12}$`)

// observeBootstrapPolicy records roles and namespaces kube-apiserver
// creates at start.
func observeBootstrapPolicy(ctx context.Context, admin kubernetes.Interface, o observations) {
	for _, name := range []string{"default", "kube-system", "kube-public", "kube-node-lease"} {
		ns, err := admin.CoreV1().Namespaces().Get(ctx, name, metav1.GetOptions{})
		o["system namespace "+name] = fmt.Sprintln(errText(err), ns.Labels, ns.Spec.Finalizers, ns.Status.Phase)
	}
	role, err := admin.RbacV1().Roles("kube-system").Get(ctx, "extension-apiserver-authentication-reader", metav1.GetOptions{})
	o["bootstrap Role in kube-system"] = fmt.Sprintln(errText(err), role.Labels, jsonOf(role.Rules))
	for _, name := range []string{"cluster-admin", "system:discovery"} {
		role, err := admin.RbacV1().ClusterRoles().Get(ctx, name, metav1.GetOptions{})
		var managers []string
		for _, f := range role.ManagedFields {
			// kube-apiserver's manager names its instance ("kube-apiserver-" and
			// an id of 12 hex digits); kvaltest's is "kube-apiserver".
			managers = append(managers, instanceID.ReplaceAllString(f.Manager, "")+" "+string(f.Operation))
		}
		o["bootstrap ClusterRole "+name] = fmt.Sprintln(errText(err), role.Labels, role.Annotations, jsonOf(role.Rules), managers)
	}
}

// observeEscalation records the escalation checks of a service account
// that may write roles and bindings and read ConfigMaps.
func observeEscalation(ctx context.Context, cfg *rest.Config, admin kubernetes.Interface, o observations) {
	writer := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{Name: "i49-writes-roles"}, Rules: []rbacv1.PolicyRule{
		{APIGroups: []string{rbacv1.GroupName}, Resources: []string{"roles", "rolebindings", "clusterroles"}, Verbs: []string{"create", "get"}},
		{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get"}},
	}}
	_, err := admin.RbacV1().ClusterRoles().Create(ctx, writer, metav1.CreateOptions{})
	o["escalation: the writer's role"] = errText(err)
	bindTo(ctx, admin, "i49-writes-roles", "tenant")
	tenant := impersonatingSA(cfg, "tenant")
	binding := &rbacv1.RoleBinding{ObjectMeta: metav1.ObjectMeta{Name: "i49-reads"}, RoleRef: rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "Role", Name: "i49-reads"},
		Subjects: []rbacv1.Subject{{Kind: "ServiceAccount", Name: "default", Namespace: "i49-paths"}}}
	o["escalation: a binding to a Role not there"] = errText(untilAuthorized(func() error {
		_, err := tenant.RbacV1().RoleBindings("i49-paths").Create(ctx, binding, metav1.CreateOptions{})
		return err
	}, apierrors.IsForbidden))
	lists := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "i49-lists"}, Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"list"}}}}
	_, err = tenant.RbacV1().Roles("i49-paths").Create(ctx, lists, metav1.CreateOptions{})
	o["escalation: a Role granting more than its writer holds"] = errText(err)
	aggregated := &rbacv1.ClusterRole{ObjectMeta: metav1.ObjectMeta{Name: "i49-aggregated"},
		AggregationRule: &rbacv1.AggregationRule{ClusterRoleSelectors: []metav1.LabelSelector{{MatchLabels: map[string]string{"i49": "yes"}}}}}
	_, err = tenant.RbacV1().ClusterRoles().Create(ctx, aggregated, metav1.CreateOptions{})
	o["escalation: an aggregated ClusterRole"] = errText(err)
	reads := &rbacv1.Role{ObjectMeta: metav1.ObjectMeta{Name: "i49-reads"}, Rules: []rbacv1.PolicyRule{{APIGroups: []string{""}, Resources: []string{"configmaps"}, Verbs: []string{"get"}}}}
	_, err = tenant.RbacV1().Roles("i49-paths").Create(ctx, reads, metav1.CreateOptions{})
	o["escalation: a Role granting what its writer holds"] = errText(err)
	_, err = tenant.RbacV1().RoleBindings("i49-paths").Create(ctx, binding, metav1.CreateOptions{})
	o["escalation: a binding to a Role whose rules its writer holds"] = errText(err)
}

// impersonatingSA is a clientset that impersonates a service account of
// the observations' namespace.
func impersonatingSA(cfg *rest.Config, name string) kubernetes.Interface {
	cfg = rest.CopyConfig(cfg)
	cfg.Impersonate = rest.ImpersonationConfig{UserName: "system:serviceaccount:i49-paths:" + name}
	return kubernetes.NewForConfigOrDie(cfg)
}

// bindTo binds a ClusterRole to a service account of the observations'
// namespace, cluster-wide.
func bindTo(ctx context.Context, admin kubernetes.Interface, role, account string) {
	crb := &rbacv1.ClusterRoleBinding{ObjectMeta: metav1.ObjectMeta{Name: "i49-" + account + "-" + role},
		Subjects: []rbacv1.Subject{{Kind: "ServiceAccount", Name: account, Namespace: "i49-paths"}},
		RoleRef:  rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: role}}
	_, _ = admin.RbacV1().ClusterRoleBindings().Create(ctx, crb, metav1.CreateOptions{})
}

// untilAuthorized repeats a request while waiting says its error is one
// kube-apiserver's authorizer gives before its informers have a new
// binding, for at most 20 seconds, and returns the last error.
func untilAuthorized(request func() error, waiting func(error) bool) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := request()
		if err == nil || !waiting(err) || time.Now().After(deadline) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}
