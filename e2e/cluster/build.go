package cluster

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// sourceFiles are the files of e2e/kubeapiserver that determine the binary.
var sourceFiles = []string{"go.mod", "go.sum", "main.go"}

// KubeAPIServer returns the path of the kube-apiserver binary built from
// e2e/kubeapiserver, building it into the Go build cache if it is not there.
// It is exported for harnesses other than Start that need the same binary
// (e2e/kvaltestmanager's envtest comparison, an envtest of a developer's
// own).
func KubeAPIServer(ctx context.Context) (string, error) {
	src, err := sourceDir()
	if err != nil {
		return "", err
	}
	key, err := sourceHash(src)
	if err != nil {
		return "", err
	}
	cache, err := goEnv(ctx, "GOCACHE")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(cache, "kval-e2e", "kube-apiserver-"+key)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	return bin, build(ctx, src, bin)
}

// sourceDir locates e2e/kubeapiserver next to this package's sources.
func sourceDir() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("locating e2e/kubeapiserver: no caller information")
	}
	dir := filepath.Join(filepath.Dir(file), "..", "kubeapiserver")
	if _, err := os.Stat(filepath.Join(dir, "main.go")); err != nil {
		return "", fmt.Errorf("locating e2e/kubeapiserver (the test binary must not be built with -trimpath): %w", err)
	}
	return dir, nil
}

// sourceHash is a short hash of the files the binary is built from.
func sourceHash(dir string) (string, error) {
	h := sha256.New()
	for _, name := range sourceFiles {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return "", fmt.Errorf("hashing kube-apiserver sources: %w", err)
		}
		fmt.Fprintf(h, "%s %d\n", name, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

// goEnv returns the value of a variable of `go env`.
func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	value := strings.TrimSpace(string(out))
	if value == "" || value == "off" {
		return "", fmt.Errorf("go env %s is %q: the e2e tests cache kube-apiserver there", name, value)
	}
	return value, nil
}

// build builds kube-apiserver from src into a temporary file next to bin and
// renames it into place, so that test binaries building at once do not clash.
func build(ctx context.Context, src, bin string) error {
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return fmt.Errorf("building kube-apiserver: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(bin), filepath.Base(bin)+".*.tmp")
	if err != nil {
		return fmt.Errorf("building kube-apiserver: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name())
	fmt.Fprintf(os.Stderr, "e2e: building kube-apiserver into %s (once per source change; minutes when cold)\n", bin)
	cmd := exec.CommandContext(ctx, "go", "build", "-o", tmp.Name(), ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building kube-apiserver in %s: %w\n%s", src, err, out)
	}
	if err := os.Rename(tmp.Name(), bin); err != nil {
		return fmt.Errorf("building kube-apiserver: %w", err)
	}
	return nil
}
