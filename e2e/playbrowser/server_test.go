package playbrowser

import (
	"bufio"
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// repoRoot is the kval checkout, where kval play finds the source it
// builds the WebAssembly from.
const repoRoot = "../.."

// startPlay builds kval and runs kval play on a free port until the test
// ends; it returns the page's address. The first run compiles the engine
// to WebAssembly (minutes on a cold build cache).
func startPlay(t *testing.T, ctx context.Context, bin string) string {
	t.Helper()
	cmd := exec.CommandContext(ctx, bin, "play", "--listen", "127.0.0.1:0")
	cmd.Dir = repoRoot
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	const serving = "kval play: serving the playground on "
	for lines := bufio.NewScanner(stdout); lines.Scan(); {
		if url, ok := strings.CutPrefix(lines.Text(), serving); ok {
			go func() { _, _ = bufio.NewReader(stdout).WriteTo(os.Stdout) }()
			return url
		}
		t.Log(lines.Text())
	}
	t.Fatal("kval play ended before serving")
	return ""
}

// buildKval builds kval from the checkout.
func buildKval(t *testing.T, ctx context.Context) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kval")
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/kval")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/kval: %v\n%s", err, out)
	}
	return bin
}

// exportSite writes the static site with kval play --export and serves it
// with the standard library's file server, as any static host would.
func exportSite(t *testing.T, ctx context.Context, bin string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.CommandContext(ctx, bin, "play", "--export", dir)
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("kval play --export: %v\n%s", err, out)
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

// fragment is the playground's link format: base64url of each text,
// without padding; old left out for a create.
func fragment(crd, old, new string) string {
	enc := base64.RawURLEncoding
	f := "#crd=" + enc.EncodeToString([]byte(crd))
	if old != "" {
		f += "&old=" + enc.EncodeToString([]byte(old))
	}
	return f + "&new=" + enc.EncodeToString([]byte(new))
}

func readRepoFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// deadline bounds the whole test: kval's and the engine's build included.
func deadline(t *testing.T) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), 20*time.Minute)
}
