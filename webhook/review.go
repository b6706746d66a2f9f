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

// answer turns one admission request into a verdict.
type answer func(ctx context.Context, req *admissionv1.AdmissionRequest) verdict

// serveReview answers an AdmissionReview within the timeout: it takes
// room for the body in the in-flight budget (or refuses the request when
// none frees up soon), reads it, answers its request and writes the review
// back with the response.
func (s *Server) serveReview(fn answer) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
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
		v := s.within(ctx, fn, req, release)
		v.response.UID = req.UID
		review.Request, review.Response = nil, v.response
		s.record(req, v, time.Since(start))
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
func (s *Server) safely(ctx context.Context, fn answer, req *admissionv1.AdmissionRequest) (v verdict) {
	defer func() {
		if p := recover(); p != nil {
			s.metrics.panics.Inc()
			s.log.Error("panic recovered; request denied", "uid", req.UID, "kind", req.Kind.Kind, "panic", p, "stack", string(debug.Stack()))
			v = deny(reasonPanic, 500, "kval failed while checking this request and denies it: internal error (%v)", p)
		}
	}()
	return fn(ctx, req)
}

// record counts a request and its verdict and logs denials.
func (s *Server) record(req *admissionv1.AdmissionRequest, v verdict, took time.Duration) {
	verdict := "allowed"
	if !v.response.Allowed {
		verdict = "denied"
		s.metrics.denials.WithLabelValues(v.reason).Inc()
		s.log.Info("denied", "uid", req.UID, "kind", req.Kind.Kind, "namespace", req.Namespace, "name", req.Name,
			"operation", req.Operation, "reason", v.reason, "message", v.response.Result.Message)
	}
	group, kind, operation := s.requestLabels(req)
	s.metrics.requests.WithLabelValues(group, kind, operation, verdict).Inc()
	s.metrics.latency.WithLabelValues(operation).Observe(took.Seconds())
}

// mutate is the mutating endpoint: the Mutator's patch, if any.
func (s *Server) mutate(ctx context.Context, req *admissionv1.AdmissionRequest) verdict {
	if s.opts.Mutator == nil {
		return allow()
	}
	patch, warnings, err := s.opts.Mutator(ctx, req)
	switch {
	case errors.As(err, new(*MissingOperatorVersionError)):
		return deny(reasonNoOperatorVersion, http.StatusBadRequest, "%v", err)
	case err != nil:
		return deny(reasonBadRequest, http.StatusBadRequest, "%v", err)
	}
	v := allow(warnings...)
	if patch != nil {
		patchType := admissionv1.PatchTypeJSONPatch
		v.response.Patch, v.response.PatchType = patch, &patchType
	}
	return v
}
