package engine

import (
	"errors"
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Err is kube-apiserver's answer to the request, for every frontend: nil
// when it is accepted; BadRequest (400) when the object cannot be decoded,
// as the handlers answer a body their decoder refuses (unknown fields under
// FieldValidationStrict in the decoder's words, "Kind in version "v1"
// cannot be handled as a Kind: strict decoding error: ..."); Invalid (422)
// naming gvk's group and kind and the object, one cause per error, as the
// registry answers an object its strategy rejects, listing at most
// MaxAnsweredErrors (answer_bounded.go). name is the request's;
// when it is empty (a generated name), the object's. The warnings a
// response carries beside it are ResponseWarnings.
func (r *Result) Err(gvk schema.GroupVersionKind, name string) *apierrors.StatusError {
	var unknown *UnknownFieldsError
	switch {
	case errors.As(r.BadRequest, &unknown):
		return apierrors.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, gvk.Kind, unknown))
	case r.BadRequest != nil:
		return apierrors.NewBadRequest(r.BadRequest.Error())
	case r.Object == nil && len(r.Errors) > 0:
		return apierrors.NewBadRequest(aggregated(ListedErrors(r.Errors)))
	case len(r.Errors) > 0:
		return invalid(gvk.GroupKind(), r.nameOr(name), r.Errors)
	}
	return nil
}

// nameOr is name, or the object's when name is empty.
func (r *Result) nameOr(name string) string {
	if meta, ok := r.Object["metadata"].(map[string]any); ok && name == "" {
		name, _ = meta["name"].(string)
	}
	return name
}

// ResponseWarnings are the warnings a response carries, accepted or
// refused: kube-apiserver's (Warnings), then the ratcheted and tolerated
// errors in RatchetedWarnings' words. kval's Notes are not among them.
func (r *Result) ResponseWarnings() []string {
	return append(append([]string(nil), r.Warnings...), r.RatchetedWarnings()...)
}
