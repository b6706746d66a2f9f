// Package testcert writes self-signed serving certificates for 127.0.0.1
// and 0.0.0.0, for the tests and benchmarks that serve kval's webhook over
// TLS (a caBundle for kube-apiserver is the certificate itself). Linux
// connects 0.0.0.0 to the loopback, and kube-apiserver, which calls a
// webhook at a loopback URL over HTTP/2, calls one at 0.0.0.0 over
// HTTP/1.1, as it calls a webhook referenced by a Service: e2e tests both.
package testcert

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// Files are a written certificate and its key.
type Files struct {
	CertFile, KeyFile string
	// CertPEM is the certificate, PEM-encoded: the caBundle that trusts it.
	CertPEM []byte
}

// Write writes tls.crt and tls.key into dir: a self-signed certificate for
// 127.0.0.1 and 0.0.0.0 with the serial number, valid from an hour ago for
// a day.
func Write(dir string, serial int64) (Files, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return Files{}, err
	}
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(serial),
		Subject:               pkix.Name{CommonName: "kval test webhook"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv4zero},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		return Files{}, fmt.Errorf("creating the certificate: %w", err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return Files{}, err
	}
	f := Files{CertFile: filepath.Join(dir, "tls.crt"), KeyFile: filepath.Join(dir, "tls.key"),
		CertPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
	if err := os.WriteFile(f.CertFile, f.CertPEM, 0o600); err != nil {
		return Files{}, err
	}
	return f, os.WriteFile(f.KeyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600)
}
