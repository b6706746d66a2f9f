package webhook

import (
	"context"
	"net/http"

	admissionv1 "k8s.io/api/admission/v1"
)

// within answers a request by its deadline: the work runs on its own and
// gets ctx, which the engine's steps and CEL check; when ctx ends first,
// the request is denied at once and the work, which stops at its next
// check, gives its bytes back to the budget (release) when it ends, so
// abandoned work still counts against the memory it holds.
func (s *Server) within(ctx context.Context, fn answer, req *admissionv1.AdmissionRequest, release func()) verdict {
	done := make(chan verdict, 1)
	go func() {
		defer release()
		done <- s.safely(ctx, fn, req)
	}()
	select {
	case v := <-done:
		return v
	case <-ctx.Done():
		return deny(reasonTimeout, http.StatusGatewayTimeout, "kval did not finish checking %s in time: %v (--request-timeout %v)",
			kindOf(req.Kind), ctx.Err(), s.opts.Timeout)
	}
}
