package kvaltest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// Server serves a kvaltest client's store over HTTP on loopback, as
// kube-apiserver serves a cluster's: discovery, CRUD, watch, status and
// scale of the CRDs' kinds and of the scheme's built-in kinds. Config
// returns a rest.Config for it, so that a controller-runtime Manager, its
// cache, informers and field indexes, client-go or kubectl-like tools run
// against kvaltest where they would run against envtest. Every request is
// answered by the Client: the server translates HTTP, nothing more.
type Server struct {
	client    *Client
	http      *httptest.Server
	history   *history
	discovery atomic.Pointer[discovery] // rebuilt when the client's kinds change
	closing   sync.Once
	reviews   reviews // the access reviews' registries (server_reviews.go)
}

// NewServer starts a server of a new client (see NewClient) for the life of t.
func NewServer(t testing.TB, crds Schemas, scheme *runtime.Scheme, opts ...Option) *Server {
	t.Helper()
	s, err := StartServer(crds, scheme, append([]Option{WarningHandler(testLogWarnings{t})}, opts...)...)
	if err != nil {
		t.Fatalf("kvaltest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// StartServer starts a server outside a test (a TestMain); Close it when done.
func StartServer(crds Schemas, scheme *runtime.Scheme, opts ...Option) (*Server, error) {
	c, err := New(crds, scheme, opts...)
	if err != nil {
		return nil, err
	}
	s, err := Serve(c)
	if err != nil {
		c.Close()
	}
	return s, err
}

// Serve starts a server of an existing client: writes through either are
// seen by both. Closing the server closes the client.
func Serve(c *Client) (*Server, error) {
	h, err := newHistory(c.store)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: serving a closed client: %w", err)
	}
	if err := storeBootstrap(c); err != nil {
		return nil, fmt.Errorf("kvaltest: %w", err)
	}
	s := &Server{client: c, history: h}
	s.discovery.Store(s.discover())
	handler, err := s.authorized(http.HandlerFunc(s.serveHTTP))
	if err != nil {
		return nil, fmt.Errorf("kvaltest: %w", err)
	}
	s.http = httptest.NewServer(handler)
	return s, nil
}

// Config is a rest.Config of the server. Every call returns a new copy.
// Requests are JSON (the store's encoding) and not rate limited.
func (s *Server) Config() *rest.Config {
	return &rest.Config{
		Host: s.http.URL,
		ContentConfig: rest.ContentConfig{
			ContentType:        runtime.ContentTypeJSON,
			AcceptContentTypes: runtime.ContentTypeJSON,
		},
		QPS:   -1, // no client-side rate limiter: a test server needs none
		Burst: -1,
	}
}

// URL is the server's base URL.
func (s *Server) URL() string { return s.http.URL }

// Client is the in-process client of the server's store.
func (s *Server) Client() *Client { return s.client }

// Close stops the server, ending its watches, then the client. Closing
// it again does nothing: a suite may Stop a server its test cleans up.
func (s *Server) Close() {
	s.closing.Do(func() {
		s.history.stop()
		s.http.CloseClientConnections()
		s.http.Close()
		s.client.Close()
	})
}

// Stop is Close with envtest's signature (Environment.Stop), for a
// suite's teardown written for envtest; it never fails.
func (s *Server) Stop() error {
	s.Close()
	return nil
}
