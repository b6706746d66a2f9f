package webhook

import (
	"context"
	"fmt"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// Denial reasons, the label of kval_webhook_denials_total.
const (
	reasonInvalid     = "invalid"
	reasonUnknownKind = "unknown-kind"
	reasonBadRequest  = "bad-request"
	reasonTooLarge    = "too-large"
	reasonTimeout     = "timeout"
	reasonPanic       = "panic"
	// A KUDO Instance whose OperatorVersion kval cannot find.
	reasonNoOperatorVersion = "no-operator-version"
)

// verdict is the answer to one admission request and why.
type verdict struct {
	response *admissionv1.AdmissionResponse
	reason   string // a denial reason, "" when allowed
}

func allow(warnings ...string) verdict {
	return verdict{response: &admissionv1.AdmissionResponse{Allowed: true, Warnings: warnings}}
}

// deny refuses a request that kval could not check, with a message.
func deny(reason string, code int32, format string, args ...any) verdict {
	return verdict{reason: reason, response: &admissionv1.AdmissionResponse{Result: &metav1.Status{
		Status: metav1.StatusFailure, Code: code, Reason: statusReason(code), Message: fmt.Sprintf(format, args...),
	}}}
}

// statusReason is the reason kube-apiserver gives a status of that code,
// so that clients (apierrors.IsTimeout, kubectl's "Error from server
// (Timeout)") read a denial as they read kube-apiserver's own errors.
func statusReason(code int32) metav1.StatusReason {
	switch code {
	case http.StatusGatewayTimeout:
		return metav1.StatusReasonTimeout
	case http.StatusRequestEntityTooLarge:
		return metav1.StatusReasonRequestEntityTooLarge
	case http.StatusInternalServerError:
		return metav1.StatusReasonInternalError
	}
	return metav1.StatusReasonBadRequest
}

// admit answers one request: KUDO Instances with the params rules (when
// enabled), every custom resource with the engine.
func (s *Server) admit(ctx context.Context, req *admissionv1.AdmissionRequest) verdict {
	if !checked(req) {
		return allow()
	}
	if s.opts.OperatorVersions != nil && isInstance(req) {
		return s.admitInstance(ctx, req)
	}
	return s.admitEngine(ctx, req, nil)
}

// admitEngine answers a request with the engine; errors found before (by
// the params rules) deny it too, with the engine's, in one Invalid status.
func (s *Server) admitEngine(ctx context.Context, req *admissionv1.AdmissionRequest, found field.ErrorList) verdict {
	v, err := s.catalog.ForObject(ctx, apiVersion(req.Kind), req.Kind.Kind)
	if err != nil {
		return deny(reasonUnknownKind, http.StatusBadRequest, "kval has no schema for %s: %v (kval denies what it cannot check)", kindOf(req.Kind), err)
	}
	request, denied := s.engineRequest(req)
	if denied != nil {
		return *denied
	}
	res, err := v.Validate(ctx, request)
	switch {
	case ctx.Err() != nil:
		return deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish checking %s in time: %v", kindOf(req.Kind), ctx.Err())
	case err != nil:
		return deny(reasonBadRequest, http.StatusBadRequest, "kval cannot check this request: %v", err)
	case !res.Valid() || len(found) > 0:
		return invalid(req, request.Object, append(found, res.Errors...), res.RatchetedWarnings())
	}
	return allow(append(res.Warnings, res.RatchetedWarnings()...)...)
}

// checked reports whether the engine checks a request: creates and updates
// of a resource or of its status. Deletes, connects and other subresources
// (scale) carry no object of the resource's schema.
func checked(req *admissionv1.AdmissionRequest) bool {
	op := req.Operation == admissionv1.Create || req.Operation == admissionv1.Update
	return op && (req.SubResource == "" || req.SubResource == engine.StatusSubresource)
}

// engineRequest decodes the objects of an admission request.
func (s *Server) engineRequest(req *admissionv1.AdmissionRequest) (engine.Request, *verdict) {
	out := engine.Request{Operation: engine.Operation(req.Operation), Subresource: req.SubResource, Scope: s.scope()}
	var denied *verdict
	if out.Object, denied = decodeObject("object", req.Object.Raw); denied != nil {
		return out, denied
	}
	if req.Operation != admissionv1.Update {
		return out, nil
	}
	if len(req.OldObject.Raw) == 0 {
		d := deny(reasonBadRequest, http.StatusBadRequest, "an UPDATE request without oldObject cannot be checked")
		return out, &d
	}
	out.OldObject, denied = decodeObject("oldObject", req.OldObject.Raw)
	out.OldObjectDisposable = true // decoded for this request alone
	return out, denied
}

// decodeObject reads an object with kval's input limits (size, nesting).
func decodeObject(field string, raw []byte) (map[string]any, *verdict) {
	obj, err := manifest.DecodeObject(raw)
	switch {
	case err != nil && len(raw) > manifest.MaxDocumentBytes:
		d := deny(reasonTooLarge, http.StatusRequestEntityTooLarge, "%s is %v", field, err)
		return nil, &d
	case err != nil:
		d := deny(reasonBadRequest, http.StatusBadRequest, "%s is not usable: %v", field, err)
		return nil, &d
	}
	return obj, nil
}

// invalid is kube-apiserver's answer to an invalid object: an Invalid
// status (422) naming the kind, the object and one cause per error.
func invalid(req *admissionv1.AdmissionRequest, obj map[string]any, errs field.ErrorList, warnings []string) verdict {
	name := req.Name
	if meta, ok := obj["metadata"].(map[string]any); ok && name == "" {
		name, _ = meta["name"].(string)
	}
	status := apierrors.NewInvalid(schema.GroupKind{Group: req.Kind.Group, Kind: req.Kind.Kind}, name, errs).Status()
	return verdict{reason: reasonInvalid, response: &admissionv1.AdmissionResponse{Result: &status, Warnings: warnings}}
}

func apiVersion(gvk metav1.GroupVersionKind) string {
	if gvk.Group == "" {
		return gvk.Version
	}
	return gvk.Group + "/" + gvk.Version
}

func kindOf(gvk metav1.GroupVersionKind) string {
	return fmt.Sprintf("%s of %s", gvk.Kind, apiVersion(gvk))
}
