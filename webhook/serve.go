package webhook

import (
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// ShutdownGrace bounds how long a shutdown waits for requests in flight.
const ShutdownGrace = 30 * time.Second

// ServeTLS serves the Handler over TLS on the listener with the certificate
// files (reloaded when they change) and runs the sources, until ctx ends;
// then it stops accepting connections and finishes the requests in flight.
func (s *Server) ServeTLS(ctx context.Context, l net.Listener, certFile, keyFile string) error {
	certs, err := newCertReloader(certFile, keyFile, func(err error) {
		s.log.Error("serving certificate not reloaded; the previous one stays in use", "error", err)
	})
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s.Handler(),
		TLSConfig:         &tls.Config{MinVersion: tls.VersionTLS12, GetCertificate: certs.GetCertificate},
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
		// Failed handshakes and the like, in the structured log.
		ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelDebug),
	}
	go s.Run(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.ServeTLS(l, "", "") }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	if serveErr := <-done; !errors.Is(serveErr, http.ErrServerClosed) {
		err = errors.Join(err, serveErr)
	}
	return err
}
