package webhook

import (
	"context"
	"errors"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
)

// TestAnEndedContextNeverAllows: the validation endpoint itself, called
// with a context that has ended (the timeout came before or during
// decoding and the engine), denies valid creates and updates with a
// Timeout; the deadline's select may hand back its answer.
func TestAnEndedContextNeverAllows(t *testing.T) {
	s := newServer(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range []*admissionv1.AdmissionReview{
		review(admissionv1.Create, database("postgres", "16.2"), nil),
		review(admissionv1.Update, database("postgres", "16.2"), database("postgres", "16.2")),
	} {
		// Decoded now, or with the review (onepass.go).
		for _, req := range []*admission{{AdmissionRequest: r.Request}, decodedInOnePass(t, r)} {
			if live, err := s.validate(context.Background(), req); err != nil || !live.Allowed {
				t.Fatalf("%s (decoded with the review: %v) with a live context: %+v, %v; want it allowed", r.Request.Operation, req.decoded, live, err)
			}
			resp, err := s.validate(ctx, req)
			var d *Denial
			if resp != nil || !errors.As(err, &d) || d.Reason != reasonTimeout {
				t.Errorf("%s (decoded with the review: %v) with an ended context: %+v, %v; want a Timeout denial", r.Request.Operation, req.decoded, resp, err)
			}
		}
	}
}
