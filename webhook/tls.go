package webhook

import (
	"crypto/tls"
	"fmt"
	"os"
	"sync"
	"time"
)

// certReloader serves a certificate from files and reloads it when the
// files change (cert-manager and kubelet rotate them in place), at most once
// per checkEvery. A certificate that fails to load keeps the previous one.
type certReloader struct {
	certFile, keyFile string
	checkEvery        time.Duration
	onError           func(error)

	mu        sync.Mutex
	cert      *tls.Certificate
	stamp     string
	checkedAt time.Time
}

func newCertReloader(certFile, keyFile string, onError func(error)) (*certReloader, error) {
	r := &certReloader{certFile: certFile, keyFile: keyFile, checkEvery: time.Second, onError: onError}
	if err := r.reload(); err != nil {
		return nil, err
	}
	return r, nil
}

// GetCertificate implements tls.Config.GetCertificate.
func (r *certReloader) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if time.Since(r.checkedAt) >= r.checkEvery {
		r.checkedAt = time.Now()
		if err := r.reloadLocked(); err != nil {
			r.onError(err) // and keep serving the last good certificate
		}
	}
	return r.cert, nil
}

func (r *certReloader) reload() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reloadLocked()
}

func (r *certReloader) reloadLocked() error {
	stamp, err := fileStamp(r.certFile, r.keyFile)
	if err != nil || stamp == r.stamp {
		return err
	}
	// Whatever happens next, this version of the files was tried: a broken
	// pair is reported once, not on every handshake.
	r.stamp = stamp
	cert, err := tls.LoadX509KeyPair(r.certFile, r.keyFile)
	if err != nil {
		return fmt.Errorf("loading the serving certificate: %w", err)
	}
	r.cert = &cert
	return nil
}

func fileStamp(files ...string) (string, error) {
	stamp := ""
	for _, f := range files {
		info, err := os.Stat(f)
		if err != nil {
			return "", err
		}
		stamp += fmt.Sprintf("%s:%d:%d;", f, info.Size(), info.ModTime().UnixNano())
	}
	return stamp, nil
}
