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
	srv := startServe(t, "--crd", "../../../../examples/crd.yaml")
	body := `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u1","operation":"UPDATE",` +
		`"kind":{"group":"example.kval.dev","version":"v1","kind":"Database"},"name":"orders",` +
		`"object":{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop"},"spec":{"engine":"mysql","version":"1"}},` +
		`"oldObject":{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop"},"spec":{"engine":"postgres","version":"1"}}}}`
	if answer := srv.post(t, "/validate", body); !strings.Contains(answer, `"allowed":false`) || !strings.Contains(answer, "spec.engine: Forbidden: field is immutable") {
		t.Errorf("answer %s", answer)
	}
	srv.stop(t)
	if !strings.Contains(srv.stderr.String(), "msg=stopped") {
		t.Errorf("no graceful stop in the log:\n%s", srv.stderr.String())
	}
}

func TestServeChecksKUDOInstancesWithOperatorVersionFiles(t *testing.T) {
	srv := startServe(t, "--kudo-instances", "--operator-versions", "../../../../examples/params/v1,../../../../examples/params/v2")
	instance := func(ov, diskSize string) string {
		return `{"apiVersion":"kudo.dev/v1beta1","kind":"Instance","metadata":{"name":"zk","namespace":"default"},` +
			`"spec":{"operatorVersion":{"name":"` + ov + `"},"parameters":{"DISK_SIZE":"` + diskSize + `"}}}`
	}
	body := `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u1","operation":"UPDATE",` +
		`"kind":{"group":"kudo.dev","version":"v1beta1","kind":"Instance"},"name":"zk","namespace":"default",` +
		`"object":` + instance("zookeeper-3.4.14-0.1.0", "10Gi") + `,"oldObject":` + instance("zookeeper-3.4.14-0.1.0", "5Gi") + `}}`
	want := `Instance.kudo.dev \"zk\" is invalid: spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from \"5Gi\" to \"10Gi\"`
	if answer := srv.post(t, "/validate", body); !strings.Contains(answer, `"allowed":false`) || !strings.Contains(answer, want) {
		t.Errorf("answer %s, want %s", answer, want)
	}
	srv.stop(t)
}

// servingKval is a kval serve running in the test.
type servingKval struct {
	addr   string
	probes string // address of /readyz and /metrics
	client *http.Client
	stderr *syncBuffer
	cancel context.CancelFunc
	done   chan int
}

// startServe runs kval serve with the flags on a free port and waits
// until it is ready.
func startServe(t *testing.T, flags ...string) *servingKval {
	t.Helper()
	certFile, keyFile := selfSignedCert(t)
	srv := &servingKval{addr: freeAddress(t), probes: freeAddress(t), stderr: &syncBuffer{}, done: make(chan int, 1),
		client: &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}}}
	ctx, cancel := context.WithCancel(context.Background())
	srv.cancel = cancel
	t.Cleanup(cancel)
	args := append([]string{"serve", "--listen", srv.addr, "--probe-listen", srv.probes, "--drain-delay", "0s", "--tls-cert-file", certFile, "--tls-private-key-file", keyFile, "--log-format", "text"}, flags...)
	go func() { srv.done <- MainContext(ctx, args, nil, &bytes.Buffer{}, srv.stderr) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get("http://" + srv.probes + "/readyz")
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			return srv
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready: %v; log:\n%s", err, srv.stderr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// post sends an AdmissionReview and returns the answer's text.
func (srv *servingKval) post(t *testing.T, path, body string) string {
	t.Helper()
	resp, err := srv.client.Post("https://"+srv.addr+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var answer bytes.Buffer
	_, _ = answer.ReadFrom(resp.Body)
	return answer.String()
}

// stop ends kval serve and checks that it exits 0.
func (srv *servingKval) stop(t *testing.T) {
	t.Helper()
	srv.cancel()
	if code := <-srv.done; code != ExitValid {
		t.Errorf("exit %d; log:\n%s", code, srv.stderr.String())
	}
}

func TestServeRefusesToStartWithoutWhatItNeeds(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--crd", "x.yaml"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--mode", "lenient"},
		{"serve", "--watch-crds", "--kubeconfig", "/no/such/kubeconfig", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--kudo-instances", "--kubeconfig", "/no/such/kubeconfig", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--crd", "x.yaml", "--operator-versions", "ovs/", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--request-timeout", "30s"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--max-connections", "0"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--max-inflight-bytes", "-1"},
		{"serve", "--crd", "x.yaml", "--tls-cert-file", "c", "--tls-private-key-file", "k", "--shutdown-grace", "0s"},
		{"serve", "--crd", "testdata/charts/nocrds", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
		{"serve", "--crd", "cluster:", "--kubeconfig", "/no/such/kubeconfig", "--tls-cert-file", "c", "--tls-private-key-file", "k"},
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
