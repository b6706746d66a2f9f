package webhook

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"
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
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serialNumber), NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(key)
	stamp := time.Now().Add(time.Duration(serialNumber) * time.Minute)
	for path, block := range map[string]*pem.Block{certFile: {Type: "CERTIFICATE", Bytes: der}, keyFile: {Type: "EC PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, stamp, stamp); err != nil {
			t.Fatal(err)
		}
	}
}
