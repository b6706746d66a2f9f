package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"runtime/debug"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// serveReview reads an AdmissionReview, answers its request with the
// endpoint and writes the review back with the response. The timeout
// counts from the request's arrival (Options.Timeout, or sooner when
// kube-apiserver says it waits less: timeout.go); the request holds room
// in the in-flight budget from its start and for its body as it arrives,
// or is refused when none frees up soon (metered.go). The body is read
// and answered on a worker (deadline.go). With onePass, the review's
// objects are decoded with it when they can be (onepass.go).
func (s *Server) serveReview(fn endpoint, onePass bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := s.requestContext(r)
		defer cancel()
		h, err := s.budget.open(ctx)
		if err != nil {
			discardBody(r.Body, s.opts.MaxBodyBytes)
			s.refuseOverloaded(w, err)
			return
		}
		s.writeAnswer(w, r, s.readAndAnswer(ctx, w, r, h, fn, onePass))
	}
}

// readAndAnswer reads the request's body, metered by h, and answers it on
// a worker; the rest of a body it gave up on is read and dropped.
func (s *Server) readAndAnswer(ctx context.Context, w http.ResponseWriter, r *http.Request, h *hold, fn endpoint, onePass bool) outcome {
	raw := r.Body
	r.Body = &meteredBody{ctx: ctx, ReadCloser: raw, hold: h}
	read := func() (*admission, metav1.TypeMeta, int, error) {
		return readReview(w, r, s.opts.MaxBodyBytes, onePass)
	}
	a := s.answerOnWorker(ctx, fn, read, h.release, true)
	if a.readErr != nil && a.status != http.StatusRequestEntityTooLarge {
		discardBody(raw, s.opts.MaxBodyBytes)
	}
	return a
}

// writeAnswer counts and logs what became of a request and writes it: the
// review with its response, or the HTTP error of a body that was no
// review. A panic of the worker is raised again here, where the server's
// recovery counts it and answers 500, as if it had happened here.
func (s *Server) writeAnswer(w http.ResponseWriter, r *http.Request, a outcome) {
	if a.panicked != nil {
		panic(a.panicked)
	}
	if isOverloaded(a.readErr) {
		s.refuseOverloaded(w, a.readErr)
		return
	}
	if a.readErr != nil {
		s.metrics.denials.WithLabelValues(reasonBadRequest).Inc()
		s.log.Warn("unusable admission request", "remote", r.RemoteAddr, "status", a.status, "error", a.readErr)
		http.Error(w, a.readErr.Error(), a.status)
		return
	}
	s.record(a.req.AdmissionRequest, a.resp, a.reason, time.Since(a.readAt))
	body := a.review
	if body == nil { // a Timeout's denial
		body = encodeReview(a.typeMeta, a.resp)
	}
	w.Header().Set("Content-Type", "application/json")
	if _, err := w.Write(body); err != nil {
		s.log.Warn("writing the admission response", "uid", a.req.UID, "error", err)
	}
}

// encodeReview is the review with a response, as json.Encoder writes it.
func encodeReview(typeMeta metav1.TypeMeta, resp *admissionv1.AdmissionResponse) []byte {
	if body, ok := encodePlainAllowed(typeMeta, resp); ok {
		return body
	}
	body, err := json.Marshal(admissionv1.AdmissionReview{TypeMeta: typeMeta, Response: resp})
	if err != nil {
		panic(fmt.Sprintf("encoding an admission response: %v", err)) // its types always encode
	}
	return append(body, '\n')
}

// readReview decodes an admission.k8s.io/v1 AdmissionReview with a request,
// or says which HTTP status a body that is not one gets. With onePass, the
// objects of a body that decodeInOnePass takes come decoded.
func readReview(w http.ResponseWriter, r *http.Request, limit int64, onePass bool) (*admission, metav1.TypeMeta, int, error) {
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
		return nil, metav1.TypeMeta{}, http.StatusUnsupportedMediaType, fmt.Errorf("content type %q: an AdmissionReview is application/json", r.Header.Get("Content-Type"))
	}
	body := io.Reader(http.MaxBytesReader(w, r.Body, limit))
	if onePass {
		read, req, typeMeta, ok := decodeInOnePass(body, r.ContentLength)
		if ok {
			status, err := checkReview(typeMeta, req.AdmissionRequest)
			return req, typeMeta, status, err
		}
		body = io.MultiReader(bytes.NewReader(read), body) // from the first byte, the usual way
	}
	review, status, err := decodeReview(body, limit)
	if err != nil {
		return nil, review.TypeMeta, status, err
	}
	status, err = checkReview(review.TypeMeta, review.Request)
	return &admission{AdmissionRequest: review.Request}, review.TypeMeta, status, err
}

// decodeReview reads a body the usual way: encoding/json, or, for a
// review too deep for it, readDeepReview. Its error comes with its HTTP
// status.
func decodeReview(body io.Reader, limit int64) (*admissionv1.AdmissionReview, int, error) {
	review := &admissionv1.AdmissionReview{}
	all, err := io.ReadAll(body)
	if err != nil {
		status, err := readError(err, limit)
		return review, status, err
	}
	err = json.NewDecoder(bytes.NewReader(all)).Decode(review)
	if isDepthError(err) {
		var deep *admissionv1.AdmissionReview
		if deep, err = readDeepReview(all); err == nil {
			review = deep
		}
	}
	if err != nil {
		return review, http.StatusBadRequest, fmt.Errorf("not an AdmissionReview: %w", err)
	}
	return review, http.StatusOK, nil
}

// readError is the HTTP status of a body that could not be read, and why.
func readError(err error, limit int64) (int, error) {
	if isOverloaded(err) {
		return http.StatusTooManyRequests, err
	}
	if tooLarge := (*http.MaxBytesError)(nil); errors.As(err, &tooLarge) {
		return http.StatusRequestEntityTooLarge, fmt.Errorf("the AdmissionReview is larger than %d bytes", limit)
	}
	return http.StatusBadRequest, fmt.Errorf("reading the AdmissionReview: %w", err)
}

// checkReview says why a decoded review cannot be answered, and with which
// HTTP status.
func checkReview(typeMeta metav1.TypeMeta, req *admissionv1.AdmissionRequest) (int, error) {
	gvk := typeMeta.GroupVersionKind()
	switch {
	case gvk != admissionv1.SchemeGroupVersion.WithKind("AdmissionReview"):
		return http.StatusBadRequest, fmt.Errorf("got %s %s, want an AdmissionReview of %s", gvk.Kind, gvk.GroupVersion(), admissionv1.SchemeGroupVersion)
	case req == nil || req.UID == "":
		return http.StatusBadRequest, errors.New("the AdmissionReview has no request (or no request uid)")
	}
	return http.StatusOK, nil
}

// safely answers a request; a panic denies it (fail closed) and is counted.
func (s *Server) safely(ctx context.Context, fn endpoint, req *admission) (resp *admissionv1.AdmissionResponse, err error) {
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
func (s *Server) mutate(ctx context.Context, req *admission) (*admissionv1.AdmissionResponse, error) {
	if s.opts.Mutator == nil {
		return allow(), nil
	}
	patch, warnings, err := s.opts.Mutator(ctx, req.AdmissionRequest)
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
