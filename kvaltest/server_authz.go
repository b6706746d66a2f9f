package kvaltest

import (
	"fmt"
	"net/http"

	authenticationv1 "k8s.io/api/authentication/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// kvaltest authenticates and authorizes nothing: every request runs as
// an administrator, as envtest's default user (system:masters) does. What
// would need an identity or an authorizer is refused with an error that
// says so, never answered as if it were allowed: impersonation, and the
// reviews that ask the authorizer or the authenticator.

// unmodelledReviews are the resources whose answer is the authorizer's or
// the authenticator's.
var unmodelledReviews = map[schema.GroupResource]bool{
	{Group: "authorization.k8s.io", Resource: "subjectaccessreviews"}:      true,
	{Group: "authorization.k8s.io", Resource: "selfsubjectaccessreviews"}:  true,
	{Group: "authorization.k8s.io", Resource: "localsubjectaccessreviews"}: true,
	{Group: "authorization.k8s.io", Resource: "selfsubjectrulesreviews"}:   true,
	{Group: "authentication.k8s.io", Resource: "tokenreviews"}:             true,
	{Group: "authentication.k8s.io", Resource: "selfsubjectreviews"}:       true,
}

// impersonationHeaders are the headers of an impersonated request.
var impersonationHeaders = []string{
	authenticationv1.ImpersonateUserHeader, authenticationv1.ImpersonateGroupHeader, authenticationv1.ImpersonateUIDHeader,
}

// refuseImpersonation answers an impersonated request, of any path, with
// 501 and kvaltest's reason, and reports whether it did. The reason is
// plain text, not a Status: discovery, the first request an impersonating
// client sends (a RESTMapper, a dry run), reads the body of an error only
// when it is text, and would show a Status as "unknown"; typed clients
// show the text too.
func refuseImpersonation(w http.ResponseWriter, r *http.Request) bool {
	for _, h := range impersonationHeaders {
		if v := r.Header.Get(h); v != "" {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusNotImplemented)
			fmt.Fprintf(w, "kvaltest does not model impersonation (%s: %s): requests run as an administrator, unauthorized ones included", h, v)
			return true
		}
	}
	return false
}

// refuseReview refuses a review of the authorizer or the authenticator.
func refuseReview(rt *route) error {
	if unmodelledReviews[rt.kind.resource] {
		return notModelled(rt.kind.resource, "kvaltest does not model authentication or authorization (RBAC): it cannot answer "+rt.kind.resource.String())
	}
	return nil
}

// notModelled is kube-apiserver's 501 Not Implemented, with kvaltest's reason.
func notModelled(resource schema.GroupResource, message string) error {
	return apierrors.NewGenericServerResponse(http.StatusNotImplemented, "", resource, "", message, 0, false)
}
