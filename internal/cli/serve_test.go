package cli

import (
	"bytes"
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kval-dev/kval/internal/testcert"
)

func TestServeAnswersOverTLSAndStopsGracefully(t *testing.T) {
	certFile, keyFile := selfSignedCert(t)
	addr := freeAddress(t)
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan int)
	go func() {
		done <- MainContext(ctx, []string{"serve", "--crd", "../../examples/crd.yaml", "--listen", addr,
			"--tls-cert-file", certFile, "--tls-private-key-file", keyFile, "--log-format", "text"}, nil, &bytes.Buffer{}, &stderr)
	}()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := client.Get("https://" + addr + "/readyz")
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready: %v; log:\n%s", err, stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	body := `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u1","operation":"UPDATE",` +
		`"kind":{"group":"example.kval.dev","version":"v1","kind":"Database"},"name":"orders",` +
		`"object":{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop"},"spec":{"engine":"mysql","version":"1"}},` +
		`"oldObject":{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop"},"spec":{"engine":"postgres","version":"1"}}}}`
	resp, err := client.Post("https://"+addr+"/validate", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var answer bytes.Buffer
	_, _ = answer.ReadFrom(resp.Body)
	resp.Body.Close()
	if !strings.Contains(answer.String(), `"allowed":false`) || !strings.Contains(answer.String(), "spec.engine: Forbidden: field is immutable") {
		t.Errorf("answer %s", answer.String())
	}
	cancel()
	if code := <-done; code != ExitValid {
		t.Errorf("exit %d; log:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "msg=stopped") {
		t.Errorf("no graceful stop in the log:\n%s", stderr.String())
	}
}

func TestServeRefusesToStartWithoutWhatItNeeds(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--crd", "x.yaml"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--mode", "lenient"},
		{"serve", "--watch-crds", "--kubeconfig", "/no/such/kubeconfig", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
	} {
		var stderr bytes.Buffer
		if code := Main(args, nil, &bytes.Buffer{}, &stderr); code != ExitBadInput || !strings.Contains(stderr.String(), "error:") {
			t.Errorf("%q: exit %d, %s", args, code, stderr.String())
		}
	}
}

// syncBuffer is a bytes.Buffer the server's goroutines may write to.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func freeAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// selfSignedCert writes a certificate for 127.0.0.1 and its key.
func selfSignedCert(t *testing.T) (certFile, keyFile string) {
	t.Helper()
	f, err := testcert.Write(t.TempDir(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return f.CertFile, f.KeyFile
}
