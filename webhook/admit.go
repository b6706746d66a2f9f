package webhook

import (
	"context"
	"fmt"
	"net/http"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// Admit answers one request of /validate as the HTTP endpoint does,
// without HTTP: every custom resource (KUDO Instances included, through
// the params extension of the catalog) with the engine, within
// Options.Timeout; a panic denies it. It is counted in the metrics.
func (s *Server) Admit(ctx context.Context, req *admissionv1.AdmissionRequest) *admissionv1.AdmissionResponse {
	return s.answer(ctx, s.validate, &admission{AdmissionRequest: req}, func() {})
}

// Mutate answers one request of /mutate: the Mutator's patch, if any.
func (s *Server) Mutate(ctx context.Context, req *admissionv1.AdmissionRequest) *admissionv1.AdmissionResponse {
	return s.answer(ctx, s.mutate, &admission{AdmissionRequest: req}, func() {})
}

// endpoint is the admission logic of an endpoint: the response of an
// allowed request, or why it is denied (a *Denial).
type endpoint func(ctx context.Context, req *admission) (*admissionv1.AdmissionResponse, error)

// answer runs an endpoint on a request within the timeout (the answer
// comes by the deadline, see deadline.go; release is called when the
// work ends), recovering a panic as a denial, converts what it found
// into the response, and counts and logs it.
func (s *Server) answer(ctx context.Context, fn endpoint, req *admission, release func()) *admissionv1.AdmissionResponse {
	ctx, cancel := context.WithTimeout(ctx, s.opts.Timeout)
	defer cancel()
	read := func() (*admission, metav1.TypeMeta, int, error) { return req, metav1.TypeMeta{}, 0, nil }
	a := s.answerOnWorker(ctx, fn, read, release, false)
	if a.panicked != nil {
		panic(a.panicked) // fn's panics are denials: not one of kval's
	}
	s.record(req.AdmissionRequest, a.resp, a.reason, time.Since(a.readAt))
	return a.resp
}

// validate checks a request with the engine: kube-apiserver's answer
// (engine.Result.Err), with the result's warnings either way.
func (s *Server) validate(ctx context.Context, req *admission) (*admissionv1.AdmissionResponse, error) {
	if !checked(req.AdmissionRequest) {
		return allow(), nil
	}
	v, err := s.catalog.ForObject(ctx, apiVersion(req.Kind), req.Kind.Kind)
	if err != nil {
		return nil, deny(reasonUnknownKind, http.StatusBadRequest, "kval has no schema for %s: %v (kval denies what it cannot check)", kindOf(req.Kind), err)
	}
	request, err := s.engineRequest(ctx, req)
	if err != nil {
		return nil, err
	}
	res, err := v.Validate(ctx, request)
	switch {
	case ctx.Err() != nil:
		return nil, deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish checking %s in time: %v", kindOf(req.Kind), ctx.Err())
	case err != nil:
		return nil, deny(reasonBadRequest, http.StatusBadRequest, "kval cannot check this request: %v", err)
	}
	warnings := append(append([]string(nil), res.Notes...), res.ResponseWarnings()...)
	if status := res.Err(groupVersionKind(req.Kind), req.Name); status != nil {
		return nil, refuse(status, warnings)
	}
	return allow(warnings...), nil
}

// checked reports whether the engine checks a request: creates and updates
// of a resource or of its status. Deletes, connects and other subresources
// (scale) carry no object of the resource's schema.
func checked(req *admissionv1.AdmissionRequest) bool {
	op := req.Operation == admissionv1.Create || req.Operation == admissionv1.Update
	return op && (req.SubResource == "" || req.SubResource == engine.StatusSubresource)
}

// engineRequest decodes the objects of an admission request, unless they
// came decoded with the review; once ctx ends, nothing more is decoded.
func (s *Server) engineRequest(ctx context.Context, req *admission) (engine.Request, error) {
	out := engine.Request{Operation: engine.Operation(req.Operation), Subresource: req.SubResource, Scope: s.opts.Mode.scope()}
	var err error
	if out.Object, err = object(ctx, "object", req.object, req.decoded, req.Object.Raw); err != nil {
		return out, err
	}
	if req.Operation != admissionv1.Update {
		return out, nil
	}
	if !req.decoded && len(req.OldObject.Raw) == 0 {
		return out, deny(reasonBadRequest, http.StatusBadRequest, "an UPDATE request without oldObject cannot be checked")
	}
	out.OldObject, err = object(ctx, "oldObject", req.oldObject, req.decoded, req.OldObject.Raw)
	out.OldObjectDisposable = true // decoded for this request alone
	return out, err
}

// object is an object of the request: decoded with the review (decoded),
// or from raw now, unless ctx has ended.
func object(ctx context.Context, field string, obj map[string]any, decoded bool, raw []byte) (map[string]any, error) {
	if !decoded {
		return decodeObject(ctx, field, raw)
	}
	if err := ctx.Err(); err != nil {
		return nil, deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish reading %s in time: %v", field, err)
	}
	return obj, nil
}

// decodeObject reads an object with kval's input limits (size, nesting),
// unless ctx has ended.
func decodeObject(ctx context.Context, field string, raw []byte) (map[string]any, error) {
	obj, err := manifest.DecodeObjectContext(ctx, raw)
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish reading %s in time: %v", field, ctx.Err())
	case err != nil && len(raw) > manifest.MaxDocumentBytes:
		return nil, deny(reasonTooLarge, http.StatusRequestEntityTooLarge, "%s is %v", field, err)
	case err != nil:
		return nil, deny(reasonBadRequest, http.StatusBadRequest, "%s is not usable: %v", field, err)
	}
	return obj, nil
}

func groupVersionKind(gvk metav1.GroupVersionKind) schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind}
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
