package webhook

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// ServeTLS is Serve without a probe port.
func (s *Server) ServeTLS(ctx context.Context, l net.Listener, certFile, keyFile string) error {
	return s.Serve(ctx, l, nil, certFile, keyFile)
}

// Serve serves /validate and /mutate over TLS on admission, with the
// certificate files (reloaded when they change), /healthz, /readyz and
// /metrics over plain HTTP on probes (unless nil), and runs the sources,
// until ctx ends. Then it drains: /readyz fails at once, both ports keep
// answering for Options.DrainDelay, each answer closing its connection
// (clients reconnect, and reach another replica once endpoints have
// dropped this one; see closingWhileDraining), and then the listeners
// close and the requests in flight finish within Options.ShutdownGrace.
func (s *Server) Serve(ctx context.Context, admission, probes net.Listener, certFile, keyFile string) error {
	certs, err := newCertReloader(certFile, keyFile, func(err error) {
		s.log.Error("serving certificate not reloaded; the previous one stays in use", "error", err)
	})
	if err != nil {
		return err
	}
	running := []*running{s.start(s.admissionServer(ctx, certs), capConnections(admission, s.opts.MaxConnections, s.metrics.connHooks()), true)}
	if probes != nil {
		running = append(running, s.start(s.probeServer(ctx), evictIdle(probes, maxProbeConnections), false))
	}
	go s.Run(ctx)
	if err := firstFailure(ctx, running); err != nil {
		return errors.Join(err, shutdown(running, time.Second))
	}
	s.drain()
	return shutdown(running, s.opts.ShutdownGrace)
}

// running is one http.Server serving a listener; done is closed once err
// is set.
type running struct {
	srv  *http.Server
	err  error
	done chan struct{}
}

func (s *Server) start(srv *http.Server, l net.Listener, tls bool) *running {
	r := &running{srv: srv, done: make(chan struct{})}
	go func() {
		defer close(r.done)
		if tls {
			r.err = srv.ServeTLS(l, "", "")
			return
		}
		r.err = srv.Serve(l)
	}()
	return r
}

// firstFailure waits until ctx ends (nil) or a server stops (its error).
func firstFailure(ctx context.Context, servers []*running) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	failed := make(chan error, len(servers))
	for _, r := range servers {
		go func() {
			select {
			case <-r.done:
				failed <- r.err
			case <-ctx.Done():
			}
		}()
	}
	select {
	case err := <-failed:
		return err
	case <-ctx.Done():
		return nil
	}
}

// drain makes /readyz fail and keeps serving for the drain delay, closing
// connections as their requests end (closingWhileDraining).
func (s *Server) drain() {
	s.draining.Store(true)
	s.log.Info("draining: /readyz fails, requests are still answered", "for", s.opts.DrainDelay.String())
	time.Sleep(s.opts.DrainDelay)
	s.log.Info("shutting down: no new connections, finishing the requests in flight", "within", s.opts.ShutdownGrace.String())
}

// closingWhileDraining closes each connection once it has answered, from
// the drain on (Connection: close; over HTTP/2 a GOAWAY): the client reads
// the close with the answer and sends its next request on a new
// connection, which reaches another replica. Connections idle at the drain
// stay open for their next request: closing them under a client that is
// sending on one failed that request (EOF; over HTTP/1.1, kube-apiserver's
// way to a Service's webhook, it does not retry a POST), which turning
// net/http's keep-alives off did.
func (s *Server) closingWhileDraining(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.draining.Load() {
			w.Header().Set("Connection", "close")
		}
		next.ServeHTTP(w, r)
	})
}

// shutdown stops the servers, in order, each within grace, and returns
// what went wrong.
func shutdown(servers []*running, grace time.Duration) error {
	var errs []error
	for _, r := range servers {
		ctx, cancel := context.WithTimeout(context.Background(), grace)
		errs = append(errs, r.srv.Shutdown(ctx))
		cancel()
		<-r.done
		if !errors.Is(r.err, http.ErrServerClosed) {
			errs = append(errs, r.err)
		}
	}
	return errors.Join(errs...)
}
