package kvaltest

import (
	"errors"
	"net/http"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
)

// optimisticLockMessage is kube-apiserver's reason for a conflict on a
// stale resourceVersion (registry.OptimisticLockErrorMsg).
const optimisticLockMessage = "the object has been modified; please apply your changes to the latest version and try again"

// conflict is kube-apiserver's answer to a write with a stale resourceVersion.
func (t *target) conflict() error {
	return apierrors.NewConflict(t.kind.resource, t.key.name, errors.New(optimisticLockMessage))
}

func (t *target) notFound() error {
	return apierrors.NewNotFound(t.kind.resource, t.key.name)
}

func (t *target) alreadyExists() error {
	return apierrors.NewAlreadyExists(t.kind.resource, t.key.name)
}

// missingResourceVersion is kube-apiserver's answer to an update without a
// resourceVersion of a kind that does not allow unconditional updates
// (custom resources): Invalid, naming the resource where the kind would be.
func (t *target) missingResourceVersion() error {
	gk := schema.GroupKind{Group: t.kind.resource.Group, Kind: t.kind.resource.Resource}
	path := field.NewPath("metadata", "resourceVersion")
	return apierrors.NewInvalid(gk, t.key.name, field.ErrorList{field.Invalid(path, 0, "must be specified for an update")})
}

// refused is kube-apiserver's answer to a request the engine rejects
// (engine.Result.Err), nil when it accepts it. A patch's strict decoding
// error differs: the patch handler's decoder rejects the patched object,
// which it quotes whole, as an invalid patch of no kind and no name
// (handlers/patch.go).
func (t *target) refused(res *engine.Result, w write) error {
	var unknown *engine.UnknownFieldsError
	if errors.As(res.BadRequest, &unknown) && w.patched != nil {
		return apierrors.NewInvalid(schema.GroupKind{}, "", field.ErrorList{field.Invalid(field.NewPath("patch"), string(w.patched), unknown.Error())})
	}
	if status := res.Err(t.gvk, w.name); status != nil {
		return status
	}
	return nil
}

// unsupportedPatch is kube-apiserver's answer to a patch type a resource
// does not accept (strategic merge patch on custom resources).
func unsupportedPatch(accepted ...types.PatchType) error {
	names := make([]string, len(accepted))
	for i, a := range accepted {
		names[i] = string(a)
	}
	return &apierrors.StatusError{ErrStatus: metav1.Status{
		Status:  metav1.StatusFailure,
		Code:    http.StatusUnsupportedMediaType,
		Reason:  metav1.StatusReasonUnsupportedMediaType,
		Message: "the body of the request was in an unknown format - accepted media types include: " + strings.Join(names, ", "),
	}}
}
