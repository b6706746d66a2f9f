package kvaltest

import (
	"context"
	"net/http"
	"sync"

	utilnet "k8s.io/apimachinery/pkg/util/net"
	"k8s.io/client-go/rest"
)

// responseWarningsKey marks the context of a Server's request.
type responseWarningsKey struct{}

// withResponseWarnings returns the context of a request whose warnings
// are collected for its response's Warning headers.
func withResponseWarnings(ctx context.Context) (context.Context, *headerWarnings) {
	h := &headerWarnings{}
	return context.WithValue(ctx, responseWarningsKey{}, h), h
}

// responseWarnings returns the collector of a Server request's warnings.
func responseWarnings(ctx context.Context) (rest.WarningHandler, bool) {
	h, ok := ctx.Value(responseWarningsKey{}).(*headerWarnings)
	return h, ok
}

// headerWarnings collects warnings as kube-apiserver's Warning headers.
type headerWarnings struct {
	mu      sync.Mutex
	headers []string
}

func (h *headerWarnings) HandleWarningHeader(code int, agent, text string) {
	header, err := utilnet.NewWarningHeader(code, agent, text)
	if err != nil {
		return // text kube-apiserver could not send either (control characters)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.headers = append(h.headers, header)
}

// writeTo adds the warnings to a response before its header is written.
func (h *headerWarnings) writeTo(w http.ResponseWriter) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, header := range h.headers {
		w.Header().Add("Warning", header)
	}
}

// warningWriter sends a request's warnings with its response, error or not.
type warningWriter struct {
	http.ResponseWriter
	warnings *headerWarnings
	sent     bool
}

func (w *warningWriter) WriteHeader(code int) {
	if !w.sent {
		w.sent = true
		w.warnings.writeTo(w.ResponseWriter)
	}
	w.ResponseWriter.WriteHeader(code)
}

// Flush lets a watch stream through the writer.
func (w *warningWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
