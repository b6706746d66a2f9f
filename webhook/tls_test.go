package webhook

import (
	"crypto/x509"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kval-dev/kval/internal/testcert"
)

func TestTheServingCertificateIsReloadedWhenRotated(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "tls.crt"), filepath.Join(dir, "tls.key")
	writeCert(t, certFile, keyFile, 1)
	var reported []error
	r, err := newCertReloader(certFile, keyFile, func(err error) { reported = append(reported, err) })
	if err != nil {
		t.Fatal(err)
	}
	r.checkEvery = 0
	if serial(t, r) != 1 {
		t.Fatalf("first certificate not served")
	}
	writeCert(t, certFile, keyFile, 2)
	if serial(t, r) != 2 {
		t.Errorf("the rotated certificate is not served")
	}
	if err := os.WriteFile(certFile, []byte("garbage that is longer than before, to change the size"), 0o600); err != nil {
		t.Fatal(err)
	}
	if serial(t, r) != 2 || serial(t, r) != 2 || len(reported) != 1 {
		t.Errorf("a broken rotation must keep the last good certificate and be reported once, not per handshake: %v", reported)
	}
}

func serial(t *testing.T, r *certReloader) int64 {
	t.Helper()
	cert, err := r.GetCertificate(nil)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	return leaf.SerialNumber.Int64()
}

// writeCert writes a self-signed certificate with the serial number, with a
// modification time that differs from the previous files'.
func writeCert(t *testing.T, certFile, keyFile string, serialNumber int64) {
	t.Helper()
	f, err := testcert.Write(filepath.Dir(certFile), serialNumber)
	if err != nil || f.CertFile != certFile || f.KeyFile != keyFile {
		t.Fatalf("writing %s: %v", certFile, err)
	}
	stamp := time.Now().Add(time.Duration(serialNumber) * time.Minute)
	for _, path := range []string{certFile, keyFile} {
		if err := os.Chtimes(path, stamp, stamp); err != nil {
			t.Fatal(err)
		}
	}
}
