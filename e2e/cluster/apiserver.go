package cluster

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"k8s.io/client-go/rest"
)

// startAPIServer runs kube-apiserver on a free loopback port with its files
// in dir, storing in etcd, and waits until /readyz passes. It returns the
// server and an admin client configuration.
func startAPIServer(ctx context.Context, dir, bin, etcd string) (*process, *rest.Config, error) {
	port, err := freePorts(1)
	if err != nil {
		return nil, nil, err
	}
	args, token, err := apiServerFiles(dir)
	if err != nil {
		return nil, nil, err
	}
	args = append(args,
		"--etcd-servers="+etcd,
		"--bind-address=127.0.0.1",
		"--advertise-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", port[0]),
		"--service-cluster-ip-range=10.0.0.0/24",
		"--authorization-mode=RBAC",
		"--endpoint-reconciler-type=none", // loopback addresses are not valid endpoints
	)
	p, err := startProcess("kube-apiserver", filepath.Join(dir, "kube-apiserver.log"), bin, args, nil)
	if err != nil {
		return nil, nil, err
	}
	cfg := &rest.Config{
		Host:            fmt.Sprintf("https://127.0.0.1:%d", port[0]),
		BearerToken:     token,
		TLSClientConfig: rest.TLSClientConfig{CAFile: filepath.Join(dir, "certs", "apiserver.crt")},
		QPS:             100,
		Burst:           200,
	}
	if err := waitReady(ctx, p, cfg); err != nil {
		p.stop()
		return nil, nil, p.withTail(err)
	}
	return p, cfg, nil
}

// apiServerFiles writes the files kube-apiserver needs into dir: a token file
// with an admin (group system:masters) and a service account signing key. It
// returns the flags naming them and the admin's token.
func apiServerFiles(dir string) ([]string, string, error) {
	secret := make([]byte, 16)
	if _, err := rand.Read(secret); err != nil {
		return nil, "", fmt.Errorf("admin token: %w", err)
	}
	token := hex.EncodeToString(secret)
	tokens := filepath.Join(dir, "tokens.csv")
	if err := os.WriteFile(tokens, []byte(token+`,admin,admin,"system:masters"`+"\n"), 0o600); err != nil {
		return nil, "", fmt.Errorf("token file: %w", err)
	}
	key := filepath.Join(dir, "service-account.key")
	if err := writeECKey(key); err != nil {
		return nil, "", fmt.Errorf("service account key: %w", err)
	}
	return []string{
		"--cert-dir=" + filepath.Join(dir, "certs"),
		"--token-auth-file=" + tokens,
		"--service-account-key-file=" + key,
		"--service-account-signing-key-file=" + key,
		"--service-account-issuer=https://kubernetes.default.svc",
	}, token, nil
}

// writeECKey writes a new P-256 private key to path as PEM.
func writeECKey(path string) error {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return err
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return err
	}
	return os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600)
}

// waitReady waits until kube-apiserver has written its self-signed serving
// certificate and then until its /readyz passes.
func waitReady(ctx context.Context, p *process, cfg *rest.Config) error {
	client, err := httpClient(ctx, p, cfg)
	if err != nil {
		return err
	}
	return waitFor(ctx, p, client, cfg.Host+"/readyz?verbose", "readyz check passed")
}

// httpClient returns a client for cfg once the CA file it names exists.
func httpClient(ctx context.Context, p *process, cfg *rest.Config) (*http.Client, error) {
	for {
		if err := p.exited(); err != nil {
			return nil, err
		}
		if _, err := os.Stat(cfg.CAFile); err == nil {
			client, err := rest.HTTPClientFor(cfg)
			if err == nil {
				return client, nil
			}
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for the serving certificate %s: %w", cfg.CAFile, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}
