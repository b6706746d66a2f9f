package webhook

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	utilnet "k8s.io/apimachinery/pkg/util/net"

	"github.com/kval-dev/kval/internal/testcert"
)

// serving is a Server running Serve on two loopback ports.
type serving struct {
	server           *Server
	admission, probe string // host:port
	https            *http.Client
	cancel           context.CancelFunc
	done             chan error
}

// startServing runs Serve until the test ends; limits, when set, replaces
// the connection timeouts.
func startServing(t *testing.T, opts Options, limits *connLimits) *serving {
	t.Helper()
	files, err := testcert.Write(t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	opts.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	s := &serving{server: New(exampleCatalog(t, opts), opts), done: make(chan error, 1),
		https: &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}}
	if limits != nil {
		s.server.conn = *limits
	}
	admission, probe := listen(t), listen(t)
	s.admission, s.probe = admission.Addr().String(), probe.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() { s.done <- s.server.Serve(ctx, admission, probe, files.CertFile, files.KeyFile) }()
	t.Cleanup(func() { s.stop(t) })
	return s
}

func (s *serving) stop(t *testing.T) {
	t.Helper()
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	if err := <-s.done; err != nil {
		t.Errorf("Serve: %v", err)
	}
}

func listen(t *testing.T) net.Listener {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func (s *serving) status(t *testing.T, client *http.Client, method, url string) int {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(""))
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestTheAdmissionPortServesOnlyAdmission: /validate and /mutate over
// HTTPS on one port, the probes and metrics over HTTP on the other.
func TestTheAdmissionPortServesOnlyAdmission(t *testing.T) {
	s := startServing(t, Options{}, nil)
	for path, want := range map[string]int{"/metrics": 404, "/readyz": 404, "/healthz": 404} {
		if got := s.status(t, s.https, "GET", "https://"+s.admission+path); got != want {
			t.Errorf("admission port GET %s: HTTP %d, want %d", path, got, want)
		}
	}
	if got := s.status(t, s.https, "POST", "https://"+s.admission+"/validate"); got != http.StatusBadRequest {
		t.Errorf("admission port POST /validate with an empty body: HTTP %d, want 400", got)
	}
	for path, want := range map[string]int{"/metrics": 200, "/readyz": 200, "/healthz": 200} {
		if got := s.status(t, http.DefaultClient, "GET", "http://"+s.probe+path); got != want {
			t.Errorf("probe port GET %s: HTTP %d, want %d", path, got, want)
		}
	}
	if got := s.status(t, http.DefaultClient, "POST", "http://"+s.probe+"/validate"); got != http.StatusNotFound {
		t.Errorf("probe port POST /validate: HTTP %d, want 404", got)
	}
}

// TestSlowAndIdleConnectionsAreClosed: a body sent too slowly and a
// kept-alive connection left idle are cut off by the server.
func TestSlowAndIdleConnectionsAreClosed(t *testing.T) {
	s := startServing(t, Options{}, &connLimits{readHeader: 200 * time.Millisecond, read: 300 * time.Millisecond, idle: 300 * time.Millisecond})
	slow := dialTLS(t, s.admission)
	fmt.Fprintf(slow, "POST /validate HTTP/1.1\r\nHost: kval\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
	if closedWithin(slow, 2*time.Second) != nil {
		t.Errorf("a body sent too slowly kept its connection open")
	}
	idle := dialTLS(t, s.admission)
	fmt.Fprintf(idle, "GET /healthz HTTP/1.1\r\nHost: kval\r\n\r\n")
	if closedWithin(idle, 2*time.Second) != nil {
		t.Errorf("an idle kept-alive connection stayed open")
	}
}

// TestDrainingLeavesIdleConnectionsToTheirNextRequest: an HTTP/1.1
// connection idle when the drain begins (kube-apiserver keeps 25) is not
// closed under its client, which may be sending on it; its next request is
// answered and closes it.
func TestDrainingLeavesIdleConnectionsToTheirNextRequest(t *testing.T) {
	s := startServing(t, Options{DrainDelay: 2 * time.Second}, nil)
	c := dialTLS(t, s.admission)
	answers := bufio.NewReader(c)
	body, _ := json.Marshal(review(admissionv1.Create, database("postgres", "16.2"), nil))
	post := func() (*http.Response, error) {
		fmt.Fprintf(c, "POST /validate HTTP/1.1\r\nHost: kval\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
		resp, err := http.ReadResponse(answers, nil)
		if err == nil {
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		return resp, err
	}
	if resp, err := post(); err != nil || resp.StatusCode != 200 || resp.Close {
		t.Fatalf("before the drain: %v, %v", resp, err)
	}
	s.cancel()
	eventually(t, "unready", func() bool { return s.status(t, http.DefaultClient, "GET", "http://"+s.probe+"/readyz") == 503 })
	time.Sleep(100 * time.Millisecond) // the drain under way
	resp, err := post()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("on a connection idle at the drain: %v, %v", resp, err)
	}
	if !resp.Close {
		t.Errorf("the answer during the drain keeps its connection")
	}
	if closedWithin(c, 2*time.Second) != nil {
		t.Errorf("the connection stayed open after its answer")
	}
	s.cancel = nil
	<-s.done
}

func dialTLS(t *testing.T, addr string) *tls.Conn {
	t.Helper()
	c, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true, NextProtos: []string{"http/1.1"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin reads until the server closes c; it returns an error when
// it did not within d.
func closedWithin(c net.Conn, d time.Duration) error {
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	return err
}

// TestConnectionsOverTheCapAreClosedAndCounted.
func TestConnectionsOverTheCapAreClosedAndCounted(t *testing.T) {
	s := startServing(t, Options{MaxConnections: 2}, nil)
	for range 2 {
		c, err := net.Dial("tcp", s.admission)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
	}
	over, err := net.Dial("tcp", s.admission)
	if err != nil {
		t.Fatal(err)
	}
	defer over.Close()
	if closedWithin(over, 2*time.Second) != nil {
		t.Errorf("the third connection was not closed")
	}
	if got := probeMetric(t, s, "kval_webhook_connections_refused_total"); got != "1" {
		t.Errorf("refused connections counted %s, want 1", got)
	}
}

// TestConnectionsAreCountedAsTheyOpenAndClose: the admission port's
// connections accepted (each a handshake: a storm of new connections shows
// as a rate near the requests') and open, which falls as they close.
func TestConnectionsAreCountedAsTheyOpenAndClose(t *testing.T) {
	s := startServing(t, Options{MaxConnections: 2}, nil)
	var conns []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", s.admission)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	over, err := net.Dial("tcp", s.admission)
	if err != nil {
		t.Fatal(err)
	}
	defer over.Close()
	_ = closedWithin(over, 2*time.Second) // accepted after the first two
	if accepted, open := probeMetric(t, s, "kval_webhook_connections_accepted_total"), probeMetric(t, s, "kval_webhook_connections_open"); accepted != "2" || open != "2" {
		t.Errorf("accepted %s, open %s; want 2 and 2", accepted, open)
	}
	conns[0].Close()
	eventually(t, "one connection open", func() bool { return probeMetric(t, s, "kval_webhook_connections_open") == "1" })
	conns[1].Close()
	eventually(t, "none open", func() bool { return probeMetric(t, s, "kval_webhook_connections_open") == "0" })
	if accepted := probeMetric(t, s, "kval_webhook_connections_accepted_total"); accepted != "2" {
		t.Errorf("accepted %s after the closes, want 2", accepted)
	}
}

func probeMetric(t *testing.T, s *serving, sample string) string {
	t.Helper()
	resp, err := http.Get("http://" + s.probe + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	for line := range strings.Lines(string(text)) {
		if value, ok := strings.CutPrefix(strings.TrimSpace(line), sample+" "); ok {
			return value
		}
	}
	return "absent"
}

// TestTheServersKeepTheirLimits: the limits of both servers are below
// kube-apiserver's 30 s webhook timeout, and HTTP/2 streams are bounded.
func TestTheServersKeepTheirLimits(t *testing.T) {
	s := New(exampleCatalog(t, Options{}), Options{})
	srv := s.httpServer(context.Background(), s.AdmissionHandler())
	if srv.ReadTimeout == 0 || srv.WriteTimeout >= 30*time.Second || srv.WriteTimeout <= s.opts.Timeout+s.opts.OverloadWait ||
		srv.IdleTimeout == 0 || srv.ReadHeaderTimeout == 0 || srv.MaxHeaderBytes == 0 || srv.HTTP2 == nil || srv.HTTP2.MaxConcurrentStreams == 0 {
		t.Errorf("limits: %+v", srv)
	}
}

// TestIdleConnectionsOutliveKubeAPIServers: kval keeps an idle connection
// longer than kube-apiserver's webhook transport (client-go's, with
// k8s.io/apimachinery's defaults) does, so that kube-apiserver closes it
// first and never sends on one kval is closing.
func TestIdleConnectionsOutliveKubeAPIServers(t *testing.T) {
	upstream := utilnet.SetTransportDefaults(&http.Transport{}).IdleConnTimeout
	s := newServer(t, Options{})
	if idle := s.httpServer(context.Background(), s.AdmissionHandler()).IdleTimeout; upstream == 0 || idle <= upstream {
		t.Errorf("idle connections kept %v, kube-apiserver's %v: want longer", idle, upstream)
	}
}

// TestDrainingFailsReadinessAndKeepsAnswering: once Serve's context ends,
// /readyz fails at once, admission requests are still answered for the
// drain delay, and Serve returns after it.
func TestDrainingFailsReadinessAndKeepsAnswering(t *testing.T) {
	s := startServing(t, Options{DrainDelay: 700 * time.Millisecond}, nil)
	eventually(t, "ready", func() bool { return s.status(t, http.DefaultClient, "GET", "http://"+s.probe+"/readyz") == 200 })
	start := time.Now()
	s.cancel()
	eventually(t, "unready", func() bool { return s.status(t, http.DefaultClient, "GET", "http://"+s.probe+"/readyz") == 503 })
	if waited := time.Since(start); waited > 200*time.Millisecond {
		t.Errorf("/readyz failed after %v, want at once", waited)
	}
	body, _ := json.Marshal(review(admissionv1.Create, database("postgres", "16.2"), nil))
	resp, err := s.https.Post("https://"+s.admission+"/validate", "application/json", bytes.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("during the drain: %v %v", resp, err)
	}
	resp.Body.Close()
	if resp.Close != true && resp.ProtoMajor == 1 {
		t.Errorf("a response during the drain keeps its connection alive")
	}
	s.cancel = nil
	if err := <-s.done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if took := time.Since(start); took < 700*time.Millisecond {
		t.Errorf("Serve returned after %v, before the drain delay", took)
	}
}
