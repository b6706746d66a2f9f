package main

import (
	"os"

	"github.com/kval-dev/kval/internal/testcert"
)

// selfSignedCert writes a certificate for 127.0.0.1 and its key to a new
// temporary directory.
func selfSignedCert() (certFile, keyFile string, err error) {
	dir, err := os.MkdirTemp("", "webhookload-")
	if err != nil {
		return "", "", err
	}
	f, err := testcert.Write(dir, 1)
	return f.CertFile, f.KeyFile, err
}
