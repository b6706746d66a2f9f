package main

import (
	"context"
	"encoding/pem"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	webhookutil "k8s.io/apiserver/pkg/util/webhook"
	"k8s.io/client-go/rest"
)

// TestClientSpeaksAsKubeAPIServer holds the load client to kube-apiserver's
// own webhook client (k8s.io/apiserver/pkg/util/webhook's ClientManager),
// on a server that offers HTTP/2 and HTTP/1.1: for a webhook referenced by
// a Service, and for one referenced by a URL on localhost, both speak the
// same protocol and open the same connections over the same waves of
// concurrent requests (one request, then two waves of 40 at once: over
// HTTP/1.1 the second wave finds the 25 connections the client kept idle,
// not Go's default of 2).
func TestClientSpeaksAsKubeAPIServer(t *testing.T) {
	for _, tc := range []struct {
		name      string
		http2     bool
		config    func(srv *httptest.Server) webhookutil.ClientConfig
		wantProto string
		wantConns int64
	}{
		{"service", false, serviceConfig, "HTTP/1.1", 1 + 39 + (40 - idleConnsPerHost)},
		{"localhost URL", true, localhostConfig, "HTTP/2.0", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			upstream := startWaveServer(t)
			hook := upstreamClient(t, upstream.srv, tc.config(upstream.srv))
			upstream.run(t, func(ctx context.Context) error {
				return hook.Post().Body([]byte("{}")).Do(ctx).Error()
			})
			ours := startWaveServer(t)
			client := newClient(clientOptions{http2: tc.http2})
			defer client.CloseIdleConnections()
			ours.run(t, func(ctx context.Context) error {
				if failure := send(client, ours.srv.URL, []byte("{}")); failure != "" {
					return errors.New(failure)
				}
				return nil
			})
			for _, s := range []struct {
				who string
				ws  *waveServer
			}{{"kube-apiserver's client", upstream}, {"webhookload's client", ours}} {
				if protos := s.ws.protocols(); protos != tc.wantProto {
					t.Errorf("%s spoke %s, want %s", s.who, protos, tc.wantProto)
				}
				if conns := s.ws.conns.Load(); conns != tc.wantConns {
					t.Errorf("%s opened %d connections, want %d", s.who, conns, tc.wantConns)
				}
			}
		})
	}
}

// waveServer answers requests in waves: each waits until the whole wave
// has arrived, so that a wave's requests are in flight at once. It records
// the protocols spoken and counts the connections opened.
type waveServer struct {
	srv     *httptest.Server
	arrived chan struct{}
	mu      sync.Mutex
	release chan struct{} // the current wave's
	protos  map[string]bool
	conns   atomic.Int64
}

func startWaveServer(t *testing.T) *waveServer {
	ws := &waveServer{arrived: make(chan struct{}, 100), protos: map[string]bool{}}
	ws.srv = httptest.NewUnstartedServer(http.HandlerFunc(ws.answer))
	ws.srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			ws.conns.Add(1)
		}
	}
	ws.srv.EnableHTTP2 = true
	ws.srv.StartTLS()
	t.Cleanup(ws.srv.Close)
	return ws
}

func (ws *waveServer) answer(w http.ResponseWriter, r *http.Request) {
	ws.mu.Lock()
	ws.protos[r.Proto] = true
	release := ws.release
	ws.mu.Unlock()
	ws.arrived <- struct{}{}
	<-release
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"response":{"allowed":true}}`))
}

// run sends one request, then two waves of 40.
func (ws *waveServer) run(t *testing.T, send func(context.Context) error) {
	for _, n := range []int{1, 40, 40} {
		ws.wave(t, n, send)
	}
}

func (ws *waveServer) wave(t *testing.T, n int, send func(context.Context) error) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	ws.mu.Lock()
	ws.release = make(chan struct{})
	ws.mu.Unlock()
	errs := make(chan error, n)
	for range n {
		go func() { errs <- send(ctx) }()
	}
	for range n {
		select {
		case <-ws.arrived:
		case <-ctx.Done():
			t.Fatalf("a wave of %d: not all arrived", n)
		}
	}
	close(ws.release)
	for range n {
		if err := <-errs; err != nil {
			t.Fatalf("a wave of %d: %v", n, err)
		}
	}
}

func (ws *waveServer) protocols() string {
	ws.mu.Lock()
	defer ws.mu.Unlock()
	var protos []string
	for p := range ws.protos {
		protos = append(protos, p)
	}
	return strings.Join(protos, ",")
}

// upstreamClient is kube-apiserver's client of a webhook configured as cc,
// trusting the test server's certificate (issued for example.com).
func upstreamClient(t *testing.T, srv *httptest.Server, cc webhookutil.ClientConfig) *rest.RESTClient {
	cm, err := webhookutil.NewClientManager([]schema.GroupVersion{admissionv1.SchemeGroupVersion}, admissionv1.AddToScheme)
	if err != nil {
		t.Fatal(err)
	}
	withServerName := func() (*rest.Config, error) {
		return &rest.Config{TLSClientConfig: rest.TLSClientConfig{ServerName: "example.com"}}, nil
	}
	cm.SetAuthenticationInfoResolver(&webhookutil.AuthenticationInfoResolverDelegator{
		ClientConfigForFunc:        func(string) (*rest.Config, error) { return withServerName() },
		ClientConfigForServiceFunc: func(string, string, int) (*rest.Config, error) { return withServerName() },
	})
	cm.SetServiceResolver(resolveTo(srv.URL))
	cc.CABundle = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	client, err := cm.HookClient(cc)
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// serviceConfig references the webhook by a Service, as deploy/ does.
func serviceConfig(*httptest.Server) webhookutil.ClientConfig {
	return webhookutil.ClientConfig{Name: "kval", Service: &webhookutil.ClientConfigService{Name: "kval", Namespace: "kval-system", Path: "/validate", Port: 443}}
}

// localhostConfig references the webhook by its URL on 127.0.0.1.
func localhostConfig(srv *httptest.Server) webhookutil.ClientConfig {
	return webhookutil.ClientConfig{Name: "kval", URL: srv.URL + "/validate"}
}

// resolveTo resolves every Service to the test server.
type resolveTo string

func (r resolveTo) ResolveEndpoint(string, string, int32) (*url.URL, error) {
	return url.Parse(string(r))
}
