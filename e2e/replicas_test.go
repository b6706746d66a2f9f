package e2e

import (
	"context"
	"fmt"
	"net"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestTwoReplicasRestartWithoutFailingWrites runs two `kval serve`
// processes behind a TCP balancer registered as the webhook, sends
// creates, updates and immutable-field changes through kube-apiserver,
// and meanwhile (a) restarts each replica with SIGTERM, (b) kills one with
// SIGKILL. No write may be admitted or denied wrongly; none may fail
// during the SIGTERM restarts; during the SIGKILL, only those in flight
// on the killed replica and those sent to it before the balancer saw it
// gone may (the test logs how many). It runs over both transports
// kube-apiserver calls webhooks with: HTTP/1.1, as for a webhook referenced
// by a Service (any in a cluster; here a URL at 0.0.0.0, which is not a
// loopback address to kube-apiserver and reaches the loopback on Linux),
// and HTTP/2, as for one at a loopback URL; the balancer checks which
// protocols kube-apiserver offered.
func TestTwoReplicasRestartWithoutFailingWrites(t *testing.T) {
	for _, transport := range []struct {
		name, prefix, host, offered string
	}{
		{"HTTP/1.1", "replicas-http1", "0.0.0.0", "http/1.1"},
		{"HTTP/2", "replicas", "127.0.0.1", "h2,http/1.1"},
	} {
		t.Run(transport.name, func(t *testing.T) {
			h := replicatedWebhook(t, transport.prefix, transport.host)
			restartWithoutFailingWrites(t, h)
			if offered := h.balancer.offeredProtocols(); !slices.Equal(offered, []string{transport.offered}) {
				t.Errorf("kube-apiserver offered %q, want %q", offered, transport.offered)
			}
		})
	}
}

// restartWithoutFailingWrites restarts h's replicas with SIGTERM, then
// kills one, under load (see TestTwoReplicasRestartWithoutFailingWrites).
func restartWithoutFailingWrites(t *testing.T, h *replicated) {
	r0, r1 := h.replicas[0], h.replicas[1]
	t.Run("SIGTERM", func(t *testing.T) {
		got := h.underLoad(t, func() {
			for _, r := range []*kvalReplica{r0, r1} {
				time.Sleep(500 * time.Millisecond)
				if err := r.stop(t, syscall.SIGTERM, 15*time.Second); err != nil {
					t.Errorf("%s exited with %v after SIGTERM, want 0", r.name, err)
				}
				r.start(t)
			}
			time.Sleep(500 * time.Millisecond)
		})
		t.Logf("SIGTERM restarts of both replicas: %s", got)
		if got.admittedWrongly.Load()+got.deniedWrongly.Load()+got.failed.Load()+got.other.Load() > 0 || got.writes.Load() < 20 {
			t.Errorf("%s; want writes and none admitted wrongly, denied wrongly or failed", got)
		}
	})
	t.Run("SIGKILL", func(t *testing.T) {
		got := h.underLoad(t, func() {
			time.Sleep(500 * time.Millisecond)
			_ = r0.stop(t, syscall.SIGKILL, 5*time.Second)
			time.Sleep(time.Second)
			r0.start(t)
			time.Sleep(500 * time.Millisecond)
		})
		t.Logf("SIGKILL of one replica: %s", got)
		// Each writer has at most one request in flight on the killed
		// replica, and may send one more there before the balancer's
		// next readiness check drops it (as kube-proxy would until the
		// endpoints change).
		if got.admittedWrongly.Load()+got.deniedWrongly.Load()+got.other.Load() > 0 || got.failed.Load() > 2*writers || got.writes.Load() < 20 {
			t.Errorf("%s; want writes, none admitted or denied wrongly, and at most %d failed", got, 2*writers)
		}
	})
}

// writers is how many clients write at once, each one request at a time.
const writers = 4

// replicated is the test CRD's webhook served by two kval replicas.
type replicated struct {
	*kvalWebhook
	replicas []*kvalReplica
	balancer *balancer
}

// replicatedWebhook starts two replicas serving the test CRD of group
// <prefix>.e2e.kval.dev and registers the balancer in front of them, at
// host (the balancer's port).
func replicatedWebhook(t *testing.T, prefix, host string) *replicated {
	t.Helper()
	group := prefix + ".e2e.kval.dev"
	h := &kvalWebhook{name: "kval." + group, group: group, crd: ledgerCRD(t, group), client: dynamicClient(t),
		resource: schema.GroupVersionResource{Group: group, Version: "v1", Resource: "ledgers"}, logs: &syncBuffer{}}
	dir := t.TempDir()
	h.crdFile = filepath.Join(dir, "ledgers.yaml")
	h.writeCRD(t)
	certFile, keyFile, certPEM := writeServingCertificate(t, t.TempDir())
	flags := []string{"--crd", h.crdFile, "--tls-cert-file", certFile, "--tls-private-key-file", keyFile,
		"--drain-delay", "1s", "--shutdown-grace", "5s"}
	bin := buildKval(t)
	rep := &replicated{kvalWebhook: h, replicas: []*kvalReplica{newKvalReplica(t, bin, "replica-0", flags...), newKvalReplica(t, bin, "replica-1", flags...)}}
	rep.balancer = startBalancer(t, rep.replicas...)
	_, port, err := net.SplitHostPort(rep.balancer.addr())
	if err != nil {
		t.Fatal(err)
	}
	installCRD(t, h.client, withoutMutability(t, h.crd))
	ensure(t, h.client.Resource(namespaceRes), namespace(ledgerNamespace))
	registerKvalWebhook(t, h.name, group, []string{"*"}, "https://"+net.JoinHostPort(host, port)+"/validate", certPEM)
	h.ledgers = h.client.Resource(h.resource).Namespace(ledgerNamespace)
	h.waitUntilCalled(t)
	return rep
}

// tally counts the outcomes of writes.
type tally struct {
	writes, admittedWrongly, deniedWrongly, failed, other atomic.Int64
	mu                                                    sync.Mutex
	failures                                              []string
}

func (c *tally) String() string {
	return fmt.Sprintf("%d writes: %d admitted wrongly, %d denied wrongly, %d failed %q, %d other errors",
		c.writes.Load(), c.admittedWrongly.Load(), c.deniedWrongly.Load(), c.failed.Load(), c.failures, c.other.Load())
}

// underLoad runs the writers while during runs, and returns their tally.
func (h *replicated) underLoad(t *testing.T, during func()) *tally {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	c := &tally{}
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			h.write(ctx, t, c, fmt.Sprintf("%s-w%d", strings.ToLower(strings.ReplaceAll(t.Name(), "/", "-")), w))
		})
	}
	during()
	cancel()
	wg.Wait()
	return c
}

// write creates Ledgers, changes a mutable field (must be admitted) and
// an immutable one (must be denied) of each, until ctx ends (at most 500).
func (h *replicated) write(ctx context.Context, t *testing.T, c *tally, prefix string) {
	for i := 0; i < 500 && ctx.Err() == nil; i++ {
		name := fmt.Sprintf("%s-%d", prefix, i)
		obj, err := h.ledgers.Create(ctx, h.ledger(name, map[string]any{"engine": "postgres", "replicas": int64(1)}), metav1.CreateOptions{})
		if !c.allowed(ctx, err) {
			continue
		}
		obj.Object["spec"].(map[string]any)["replicas"] = int64(2)
		if obj, err = h.ledgers.Update(ctx, obj, metav1.UpdateOptions{}); !c.allowed(ctx, err) {
			continue
		}
		obj.Object["spec"].(map[string]any)["engine"] = "mysql"
		_, err = h.ledgers.Update(ctx, obj, metav1.UpdateOptions{})
		c.denied(ctx, err, fmt.Sprintf("%s %q is invalid: spec.engine: Forbidden: field is immutable", h.kind(), name))
	}
}

// allowed counts a write that must be admitted and reports whether it was.
func (c *tally) allowed(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false // the load ended during the write: not counted
	}
	c.writes.Add(1)
	switch {
	case err == nil:
		return true
	case strings.Contains(err.Error(), "denied the request"):
		c.deniedWrongly.Add(1)
	default:
		c.failure(err)
	}
	return false
}

// denied counts a write that must be denied with want.
func (c *tally) denied(ctx context.Context, err error, want string) {
	if ctx.Err() != nil {
		return
	}
	c.writes.Add(1)
	switch {
	case err == nil:
		c.admittedWrongly.Add(1)
	case strings.Contains(err.Error(), want):
	case strings.Contains(err.Error(), "denied the request"):
		c.deniedWrongly.Add(1) // denied, but not for its immutable field
	default:
		c.failure(err)
	}
}

func (c *tally) failure(err error) {
	if strings.Contains(err.Error(), "failed calling webhook") {
		c.failed.Add(1)
	} else {
		c.other.Add(1)
	}
	c.mu.Lock()
	c.failures = append(c.failures, err.Error())
	c.mu.Unlock()
}
