package webhook

import (
	"context"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
)

// within answers a request by its deadline: the work runs on its own and
// gets ctx, which the engine's steps, the mutability walk and CEL check;
// when ctx ends first, the request is denied at once and the work, which
// stops at its next check, gives its bytes back to the budget (release)
// when it ends, so abandoned work still counts against the memory it
// holds.
func (s *Server) within(ctx context.Context, fn endpoint, req *admission, release func()) (*admissionv1.AdmissionResponse, error) {
	type result struct {
		resp *admissionv1.AdmissionResponse
		err  error
	}
	done := make(chan result, 1)
	pool.start(func() {
		defer release()
		resp, err := s.safely(ctx, fn, req)
		done <- result{resp, err}
	})
	select {
	case r := <-done:
		return r.resp, r.err
	case <-ctx.Done():
		return nil, deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish checking %s in time: %v (--request-timeout %v)",
			kindOf(req.Kind), ctx.Err(), s.opts.Timeout)
	}
}
