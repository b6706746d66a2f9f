package e2e

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"maps"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// balancer is a loopback TCP load balancer in front of kval replicas that
// behaves as a Service does with kube-proxy: each new connection goes to
// the next replica whose /readyz passed when last checked (every 50ms, as
// endpoints follow readiness), with no second try when that replica
// refuses it (the client's request fails), and connections already open
// stay with their replica. It records the application protocols each
// connection's TLS ClientHello offers.
type balancer struct {
	listener net.Listener
	replicas []*kvalReplica

	mu      sync.Mutex
	ready   []bool
	next    int
	offered map[string]bool // ALPN lists, comma-separated
}

// startBalancer balances over the replicas until the test ends.
func startBalancer(t *testing.T, replicas ...*kvalReplica) *balancer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	b := &balancer{listener: l, replicas: replicas, ready: make([]bool, len(replicas)), offered: map[string]bool{}}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { b.checkReadiness(ctx) })
	wg.Go(b.accept)
	t.Cleanup(func() {
		cancel()
		l.Close()
		wg.Wait()
	})
	return b
}

func (b *balancer) addr() string { return b.listener.Addr().String() }

func (b *balancer) checkReadiness(ctx context.Context) {
	client := &http.Client{Timeout: time.Second}
	for {
		for i, r := range b.replicas {
			resp, err := client.Get("http://" + r.probes + "/readyz")
			ok := err == nil && resp.StatusCode == http.StatusOK
			if err == nil {
				resp.Body.Close()
			}
			b.mu.Lock()
			b.ready[i] = ok
			b.mu.Unlock()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (b *balancer) accept() {
	for {
		c, err := b.listener.Accept()
		if err != nil {
			return
		}
		go b.forward(c)
	}
}

// forward connects c to the next ready replica and copies both ways until
// either side closes; without one, or when it refuses, it closes c.
func (b *balancer) forward(c net.Conn) {
	defer c.Close()
	hello, err := b.readClientHello(c)
	if err != nil {
		return
	}
	addr, ok := b.pick()
	if !ok {
		return
	}
	upstream, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return
	}
	defer upstream.Close()
	if _, err := upstream.Write(hello); err != nil {
		return
	}
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(upstream, c); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, upstream); done <- struct{}{} }()
	<-done
}

// pick is the admission address of the next ready replica in turn.
func (b *balancer) pick() (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for range b.replicas {
		i := b.next % len(b.replicas)
		b.next++
		if b.ready[i] {
			return b.replicas[i].addr, true
		}
	}
	return "", false
}

// readClientHello reads c's TLS ClientHello, records the protocols it
// offers, and returns the bytes read, to be sent on as they came.
func (b *balancer) readClientHello(c net.Conn) ([]byte, error) {
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	defer func() { _ = c.SetReadDeadline(time.Time{}) }()
	peek := &peekingConn{Conn: c}
	var offered []string
	seen := errors.New("ClientHello read")
	err := tls.Server(peek, &tls.Config{GetConfigForClient: func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
		offered = hello.SupportedProtos
		return nil, seen
	}}).Handshake()
	if !errors.Is(err, seen) {
		return nil, err
	}
	b.mu.Lock()
	b.offered[strings.Join(offered, ",")] = true
	b.mu.Unlock()
	return peek.read, nil
}

// offeredProtocols are the ALPN lists the connections offered so far.
func (b *balancer) offeredProtocols() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Sorted(maps.Keys(b.offered))
}

// peekingConn keeps what is read from it and writes nothing: the alert of
// the handshake readClientHello breaks off goes nowhere.
type peekingConn struct {
	net.Conn
	read []byte
}

func (p *peekingConn) Read(buf []byte) (int, error) {
	n, err := p.Conn.Read(buf)
	p.read = append(p.read, buf[:n]...)
	return n, err
}

func (p *peekingConn) Write(buf []byte) (int, error) { return len(buf), nil }
