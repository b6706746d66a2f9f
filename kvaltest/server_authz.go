package kvaltest

import (
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/authentication/user"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/authorization/union"
	"k8s.io/apiserver/pkg/endpoints/filters"
	"k8s.io/apiserver/pkg/endpoints/filters/impersonation"
	"k8s.io/apiserver/pkg/endpoints/request"
	genericfeatures "k8s.io/apiserver/pkg/features"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	rbacauthorizer "k8s.io/kubernetes/plugin/pkg/auth/authorizer/rbac"
)

// kvaltest checks no credentials: every request is envtest's
// administrator's (user "admin" in system:masters). From there on the
// server runs kube-apiserver's own filters, in kube-apiserver's order
// (DefaultBuildHandlerChain): impersonation turns a request with
// Impersonate-* headers into the impersonated user's, and authorization
// answers 403, with kube-apiserver's message, what that user may not do:
// system:masters may do anything, everyone else what RBAC allows over
// the store's roles and bindings (kube-apiserver's bootstrap policy
// among them, bootstrap.go). Access reviews ask the same authorizer
// (server_reviews.go).

// administrator is the user every request authenticates as.
var administrator = &user.DefaultInfo{Name: "admin", Groups: []string{user.SystemPrivilegedGroup, user.AllAuthenticated}}

// authorized wraps the server's handler in those filters, with RBAC over
// the server's store, and gives the access reviews the same authorizer.
func (s *Server) authorized(h http.Handler) (http.Handler, error) {
	view := rbacView{store: s.client.store}
	a, err := newAuthorizer(view)
	if err != nil {
		return nil, err
	}
	s.reviews = newReviews(a, union.NewRuleResolvers(rbacauthorizer.New(view, view, view, view)))
	return filterChain(h, a), nil
}

// filterChain is kube-apiserver's chain of filters around h, in its order.
func filterChain(h http.Handler, a authorizer.Authorizer) http.Handler {
	codecs := statusCodecs()
	h = filters.WithAuthorization(h, a, codecs)
	h = withPriorityAndFairness(h)
	h = impersonating(h, a, codecs)
	h = asAdministrator(h)
	return filters.WithRequestInfo(h, &request.RequestInfoFactory{APIPrefixes: sets.NewString("api", "apis"), GrouplessAPIPrefixes: sets.NewString("api")})
}

// impersonating is kube-apiserver's impersonation filter: constrained
// impersonation where its feature gate is on (the default since 1.36),
// else the legacy one.
func impersonating(h http.Handler, a authorizer.Authorizer, codecs runtime.NegotiatedSerializer) http.Handler {
	if utilfeature.DefaultFeatureGate.Enabled(genericfeatures.ConstrainedImpersonation) {
		return impersonation.WithConstrainedImpersonation(h, a, codecs)
	}
	return impersonation.WithImpersonation(h, a, codecs)
}

// asAdministrator authenticates a request as the administrator.
func asAdministrator(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(w, r.WithContext(request.WithUser(r.Context(), administrator)))
	})
}

// withPriorityAndFairness sets the APF headers of every answer past
// impersonation, refusals by the authorizer included, where
// kube-apiserver's filter stands.
func withPriorityAndFairness(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setPriorityAndFairness(w)
		h.ServeHTTP(w, r)
	})
}

// statusCodecs encode the Status of a refusal, as kube-apiserver's
// filters write it.
func statusCodecs() runtime.NegotiatedSerializer {
	scheme := runtime.NewScheme()
	metav1.AddToGroupVersion(scheme, schema.GroupVersion{Version: "v1"})
	return serializer.NewCodecFactory(scheme).WithoutConversion()
}

// notModelled is kube-apiserver's 501 Not Implemented, with kvaltest's reason.
func notModelled(resource schema.GroupResource, message string) error {
	return apierrors.NewGenericServerResponse(http.StatusNotImplemented, "", resource, "", message, 0, false)
}
