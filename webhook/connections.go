package webhook

import (
	"context"
	"crypto/tls"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Connection limits of the servers Serve runs. kube-apiserver gives a
// webhook call at most 30 s (timeoutSeconds), 10 s by default: a request
// whose body has not arrived within readTimeout cannot be answered in
// time anyway, and slow or idle clients do not keep connections forever.
// An idle connection is kept longer than kube-apiserver keeps it
// (client-go's transport: 90 s), so that kube-apiserver closes it first:
// closed by kval under a kube-apiserver sending on it, it fails that
// request with EOF, and a POST is not retried.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 64 << 10
	// maxConcurrentStreams bounds the requests of one HTTP/2 connection;
	// kube-apiserver opens more connections when it needs more.
	maxConcurrentStreams = 100
	// DefaultMaxConnections caps the admission port's connections.
	DefaultMaxConnections = 1024
	// maxProbeConnections caps the probe port's: kubelet and Prometheus;
	// one over it closes the oldest idle one (probeport.go).
	maxProbeConnections = 64
	// DefaultShutdownGrace bounds how long a shutdown waits for the
	// requests in flight.
	DefaultShutdownGrace = 30 * time.Second
)

// connLimits are the timeouts of a server's connections (tests shorten
// them).
type connLimits struct {
	readHeader, read, idle time.Duration
}

var defaultConnLimits = connLimits{readHeader: readHeaderTimeout, read: readTimeout, idle: idleTimeout}

// writeTimeout bounds the time from a request's headers to its answer
// written: the body read, the wait for budget and the timeout, and a
// second to write.
func (s *Server) writeTimeout() time.Duration {
	return s.conn.read + s.opts.OverloadWait + s.opts.Timeout + time.Second
}

// httpServer is an http.Server for handler with kval's connection limits.
func (s *Server) httpServer(ctx context.Context, handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           s.closingWhileDraining(handler),
		ReadHeaderTimeout: s.conn.readHeader,
		ReadTimeout:       s.conn.read,
		WriteTimeout:      s.writeTimeout(),
		IdleTimeout:       s.conn.idle,
		MaxHeaderBytes:    maxHeaderBytes,
		HTTP2:             &http.HTTP2Config{MaxConcurrentStreams: maxConcurrentStreams},
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
		// Failed handshakes and the like, in the structured log.
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
}

// admissionServer is the HTTPS server of the admission port.
func (s *Server) admissionServer(ctx context.Context, certs *certReloader) *http.Server {
	srv := s.httpServer(ctx, s.AdmissionHandler())
	srv.TLSConfig = &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: certs.GetCertificate}
	return srv
}

// capped is a listener that keeps at most max connections open: one
// accepted over the cap is closed at once (the client fails fast instead
// of waiting in the kernel's backlog), and counted.
type capped struct {
	net.Listener
	max   int64
	open  atomic.Int64
	hooks connHooks
}

// connHooks are told of each connection a capped listener accepts, of its
// close, and of each it refuses over the cap.
type connHooks struct {
	accepted, closed, refused func()
}

func capConnections(l net.Listener, max int, hooks connHooks) *capped {
	return &capped{Listener: l, max: int64(max), hooks: hooks}
}

func (l *capped) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) <= l.max {
			l.hooks.accepted()
			return &countedConn{Conn: c, close: l.closed}, nil
		}
		l.open.Add(-1)
		l.hooks.refused() // counted before the close: whoever sees the close sees the count
		_ = c.Close()
	}
}

func (l *capped) closed() {
	l.open.Add(-1)
	l.hooks.closed()
}

// countedConn gives its slot back once, on its first Close.
type countedConn struct {
	net.Conn
	once  sync.Once
	close func()
}

func (c *countedConn) Close() error {
	c.once.Do(c.close)
	return c.Conn.Close()
}
