package webhook

import (
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// The probe port answers kubelet, whatever holds connections to it. Its
// cap does not refuse a new connection, which would let anyone who opens
// maxProbeConnections connections and sends nothing fail every probe (and
// kubelet takes a pod out after one failed readiness check): the
// connection over the cap closes the oldest one that is not being
// answered instead. A probe's connection is the newest at its accept and
// busy from its request's headers to its answer, both within a
// millisecond or two, so that a holder must open more than the cap's
// connections within that window to close it. The probe server has short
// timeouts of its own (probeConnLimits) as well, and it shares nothing
// with the admission port: no cap, no budget, no worker.

// probeConnLimits are the timeouts of the probe port: kubelet sends its
// request as soon as it connects and waits 1 s by default (timeoutSeconds),
// Prometheus reconnects when its connection was closed.
var probeConnLimits = connLimits{readHeader: 2 * time.Second, read: 2 * time.Second, idle: 15 * time.Second}

// evicting is a listener that keeps at most max connections open by
// closing the oldest idle one when a new one comes over the cap; with
// none idle, it closes the new one.
type evicting struct {
	net.Listener
	max   int
	mu    sync.Mutex
	conns []*evictable // oldest first
}

// evictable is a connection of an evicting listener; busy while its
// request is answered.
type evictable struct {
	net.Conn
	busy  atomic.Int32
	once  sync.Once
	owner *evicting
}

func evictIdle(l net.Listener, max int) *evicting {
	return &evicting{Listener: l, max: max}
}

func (l *evicting) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if e := l.admit(c); e != nil {
			return e, nil
		}
		_ = c.Close()
	}
}

// admit keeps c, closing the oldest idle connection when the cap is
// reached, or returns nil when every connection is busy.
func (l *evicting) admit(c net.Conn) *evictable {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.conns) >= l.max && !l.evictOldestIdle() {
		return nil
	}
	e := &evictable{Conn: c, owner: l}
	l.conns = append(l.conns, e)
	return e
}

// evictOldestIdle closes the oldest connection not being answered; l.mu
// is held.
func (l *evicting) evictOldestIdle() bool {
	for i, e := range l.conns {
		if e.busy.Load() == 0 {
			l.conns = append(l.conns[:i], l.conns[i+1:]...)
			go e.Conn.Close() // its server sees the close and lets it go
			return true
		}
	}
	return false
}

func (l *evicting) forget(e *evictable) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, c := range l.conns {
		if c == e {
			l.conns = append(l.conns[:i], l.conns[i+1:]...)
			return
		}
	}
}

func (e *evictable) Close() error {
	e.once.Do(func() { e.owner.forget(e) })
	return e.Conn.Close()
}

// probeConnKey holds, in a request's context, its probe connection.
type probeConnKey struct{}

// probeConnContext is http.Server.ConnContext for an evicting listener's
// connections.
func probeConnContext(ctx context.Context, c net.Conn) context.Context {
	if e, ok := c.(*evictable); ok {
		return context.WithValue(ctx, probeConnKey{}, e)
	}
	return ctx
}

// busyWhileAnswering keeps a probe connection from eviction while its
// request is answered.
func busyWhileAnswering(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e, ok := r.Context().Value(probeConnKey{}).(*evictable); ok {
			e.busy.Add(1)
			defer e.busy.Add(-1)
		}
		next.ServeHTTP(w, r)
	})
}

// probeServer is the plain HTTP server of the probe port.
func (s *Server) probeServer(ctx context.Context) *http.Server {
	srv := s.httpServer(ctx, busyWhileAnswering(s.ProbeHandler()))
	srv.ReadHeaderTimeout, srv.ReadTimeout, srv.IdleTimeout = probeConnLimits.readHeader, probeConnLimits.read, probeConnLimits.idle
	srv.WriteTimeout = probeConnLimits.read + 5*time.Second
	srv.ConnContext = probeConnContext
	return srv
}
