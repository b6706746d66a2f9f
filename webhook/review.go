package webhook

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"runtime/debug"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
)

// serveReview reads an AdmissionReview, answers its request with the
// endpoint and writes the review back with the response. The timeout
// counts from the request's arrival; before its body is read, the request
// takes room for it in the in-flight budget, or is refused when none
// frees up soon.
func (s *Server) serveReview(fn endpoint) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opts.Timeout)
		defer cancel()
		n := s.budget.charge(r.ContentLength, s.opts.MaxBodyBytes)
		release, err := s.budget.take(ctx, n)
		if err != nil {
			s.refuseOverloaded(w, n)
			return
		}
		review, status, err := readReview(w, r, s.opts.MaxBodyBytes)
		if err != nil {
			release()
			s.metrics.denials.WithLabelValues(reasonBadRequest).Inc()
			s.log.Warn("unusable admission request", "remote", r.RemoteAddr, "status", status, "error", err)
			http.Error(w, err.Error(), status)
			return
		}
		req := review.Request
		review.Request, review.Response = nil, s.answer(ctx, fn, req, release)
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(review); err != nil {
			s.log.Warn("writing the admission response", "uid", req.UID, "error", err)
		}
	}
}

// readReview decodes an admission.k8s.io/v1 AdmissionReview with a request,
// or says which HTTP status a body that is not one gets.
func readReview(w http.ResponseWriter, r *http.Request, limit int64) (*admissionv1.AdmissionReview, int, error) {
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
		return nil, http.StatusUnsupportedMediaType, fmt.Errorf("content type %q: an AdmissionReview is application/json", r.Header.Get("Content-Type"))
	}
	review := &admissionv1.AdmissionReview{}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit)).Decode(review); err != nil {
		if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
			return nil, http.StatusRequestEntityTooLarge, fmt.Errorf("the AdmissionReview is larger than %d bytes", limit)
		}
		return nil, http.StatusBadRequest, fmt.Errorf("not an AdmissionReview: %w", err)
	}
	gvk := review.GroupVersionKind()
	switch {
	case gvk != admissionv1.SchemeGroupVersion.WithKind("AdmissionReview"):
		return nil, http.StatusBadRequest, fmt.Errorf("got %s %s, want an AdmissionReview of %s", gvk.Kind, gvk.GroupVersion(), admissionv1.SchemeGroupVersion)
	case review.Request == nil || review.Request.UID == "":
		return nil, http.StatusBadRequest, errors.New("the AdmissionReview has no request (or no request uid)")
	}
	return review, http.StatusOK, nil
}

// safely answers a request; a panic denies it (fail closed) and is counted.
func (s *Server) safely(ctx context.Context, fn endpoint, req *admissionv1.AdmissionRequest) (resp *admissionv1.AdmissionResponse, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.metrics.panics.Inc()
			s.log.Error("panic recovered; request denied", "uid", req.UID, "kind", req.Kind.Kind, "panic", p, "stack", string(debug.Stack()))
			resp, err = nil, deny(reasonPanic, 500, "kval failed while checking this request and denies it: internal error (%v)", p)
		}
	}()
	return fn(ctx, req)
}

// record counts a request and its verdict and logs denials.
func (s *Server) record(req *admissionv1.AdmissionRequest, resp *admissionv1.AdmissionResponse, reason string, took time.Duration) {
	verdict := "allowed"
	if !resp.Allowed {
		verdict = "denied"
		s.metrics.denials.WithLabelValues(reason).Inc()
		s.log.Info("denied", "uid", req.UID, "kind", req.Kind.Kind, "namespace", req.Namespace, "name", req.Name,
			"operation", req.Operation, "reason", reason, "message", resp.Result.Message)
	}
	group, kind, operation := s.requestLabels(req)
	s.metrics.requests.WithLabelValues(group, kind, operation, verdict).Inc()
	s.metrics.latency.WithLabelValues(operation).Observe(took.Seconds())
}

// mutate is the mutating endpoint: the Mutator's patch, if any; its
// error denies the request (a *Denial as it is, any other as a bad
// request).
func (s *Server) mutate(ctx context.Context, req *admissionv1.AdmissionRequest) (*admissionv1.AdmissionResponse, error) {
	if s.opts.Mutator == nil {
		return allow(), nil
	}
	patch, warnings, err := s.opts.Mutator(ctx, req)
	if err != nil {
		return nil, err
	}
	resp := allow(warnings...)
	if patch != nil {
		patchType := admissionv1.PatchTypeJSONPatch
		resp.Patch, resp.PatchType = patch, &patchType
	}
	return resp, nil
}
