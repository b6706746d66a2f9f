package webhook

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// kube-apiserver tells a webhook how long it waits for the answer: the
// timeout parameter of the request's URL is the time left of the webhook's
// timeoutSeconds, or of the API request's own deadline when that comes
// sooner, rounded up to a whole second (k8s.io/apiserver's validating and
// mutating dispatchers). kval answers before then, so that a check that
// runs late gets kval's Timeout denial, saying why, and not kube-apiserver's
// "context deadline exceeded", which failurePolicy: Ignore turns into an
// admitted write.

// requestContext is r's context with the deadline of its answer:
// Options.Timeout from now, or sooner when kube-apiserver waits less.
func (s *Server) requestContext(r *http.Request) (context.Context, context.CancelFunc) {
	ctx := r.Context()
	if waits, ok := kubeAPIServerWaits(r.URL); ok {
		if within := answerWithin(waits); within < s.opts.Timeout {
			return context.WithTimeout(context.WithValue(ctx, kubeAPIServerWaitsKey{}, waits), within)
		}
	}
	return context.WithTimeout(ctx, s.opts.Timeout)
}

// kubeAPIServerWaitsKey holds, in a request's context, the timeout
// parameter that set its deadline.
type kubeAPIServerWaitsKey struct{}

// kubeAPIServerWaits reads u's timeout parameter: ok unless there is none,
// or it is no positive duration (then Options.Timeout alone applies).
func kubeAPIServerWaits(u *url.URL) (time.Duration, bool) {
	if u.RawQuery == "" {
		return 0, false
	}
	waits, err := time.ParseDuration(u.Query().Get("timeout"))
	return waits, err == nil && waits > 0
}

// answerWithin is how soon kval answers when kube-apiserver waits at most
// waits: a second sooner, since waits was rounded up to a whole second, or
// in half of it when that is two seconds or less.
func answerWithin(waits time.Duration) time.Duration {
	return waits - min(time.Second, waits/2)
}

// timeoutReason says which timeout ctx's deadline came from.
func (s *Server) timeoutReason(ctx context.Context) string {
	if waits, ok := ctx.Value(kubeAPIServerWaitsKey{}).(time.Duration); ok {
		return "kube-apiserver waits " + waits.String() + ", so kval answers within " + answerWithin(waits).String() + "; --request-timeout " + s.opts.Timeout.String()
	}
	return "--request-timeout " + s.opts.Timeout.String()
}
