package kvaltest

import (
	"encoding/json"
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/authorization/authorizer"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/authentication/install" // the reviews' types in legacyscheme
	_ "k8s.io/kubernetes/pkg/apis/authorization/install"
	"k8s.io/kubernetes/pkg/registry/authentication/selfsubjectreview"
	"k8s.io/kubernetes/pkg/registry/authorization/localsubjectaccessreview"
	"k8s.io/kubernetes/pkg/registry/authorization/selfsubjectaccessreview"
	"k8s.io/kubernetes/pkg/registry/authorization/selfsubjectrulesreview"
	"k8s.io/kubernetes/pkg/registry/authorization/subjectaccessreview"
)

// reviews answers the reviews that ask the authorizer (may this user do
// this? what may I do?) and SelfSubjectReview (who am I?) with
// kube-apiserver's own registry code, over the server's authorizer. A
// TokenReview needs an authenticator, which kvaltest has not: 501.
type reviews map[schema.GroupResource]rest.Creater

func newReviews(a authorizer.UnconditionalAuthorizer, rules authorizer.RuleResolver) reviews {
	scheme := legacyscheme.Scheme
	return reviews{
		{Group: "authorization.k8s.io", Resource: "subjectaccessreviews"}:      subjectaccessreview.NewREST(a, scheme),
		{Group: "authorization.k8s.io", Resource: "selfsubjectaccessreviews"}:  selfsubjectaccessreview.NewREST(a, scheme),
		{Group: "authorization.k8s.io", Resource: "localsubjectaccessreviews"}: localsubjectaccessreview.NewREST(a, scheme),
		{Group: "authorization.k8s.io", Resource: "selfsubjectrulesreviews"}:   selfsubjectrulesreview.NewREST(rules),
		{Group: "authentication.k8s.io", Resource: "selfsubjectreviews"}:       selfsubjectreview.NewREST(),
	}
}

// tokenReviews is the review kvaltest does not answer.
var tokenReviews = schema.GroupResource{Group: "authentication.k8s.io", Resource: "tokenreviews"}

// serveReview answers a request of a review resource, and reports whether
// the route was one: a create is answered as kube-apiserver answers it
// (201 and the review with its status), any other verb is 405.
func (s *Server) serveReview(w http.ResponseWriter, r *http.Request, rt *route) (bool, error) {
	if rt.kind.resource == tokenReviews {
		return true, notModelled(tokenReviews, "kvaltest has no authenticator: it cannot answer "+tokenReviews.String())
	}
	review, ok := s.reviews[rt.kind.resource]
	switch {
	case !ok:
		return false, nil
	case r.Method != http.MethodPost || rt.name != "" || rt.subresource != "":
		return true, apierrors.NewMethodNotSupported(rt.kind.resource, r.Method)
	}
	return true, s.review(w, r, rt, review)
}

// review decodes a review as kube-apiserver does (into its internal
// version), runs its registry's create, and answers in the request's version.
func (s *Server) review(w http.ResponseWriter, r *http.Request, rt *route, review rest.Creater) error {
	body, err := rt.body(r, s.client.scheme)
	if err != nil {
		return err
	}
	data, err := body.MarshalJSON()
	if err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	obj, err := runtime.Decode(legacyscheme.Codecs.UniversalDecoder(), data)
	if err != nil {
		return apierrors.NewBadRequest(err.Error())
	}
	ctx := request.WithNamespace(r.Context(), rt.namespace)
	out, err := review.Create(ctx, obj, nil, &metav1.CreateOptions{})
	if err != nil {
		return err
	}
	answer, err := runtime.Encode(legacyscheme.Codecs.LegacyCodec(rt.gvk.GroupVersion()), out)
	if err != nil {
		return apierrors.NewInternalError(err)
	}
	writeObject(w, http.StatusCreated, json.RawMessage(answer))
	return nil
}
