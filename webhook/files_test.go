package webhook

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/catalog"
)

// TestFilesAreReloadedAndABrokenReloadKeepsTheWorkingSchema swaps a mounted
// directory's ..data link as kubelet does: first to a CRD without the
// mutability extension, then to a broken CRD.
func TestFilesAreReloadedAndABrokenReloadKeepsTheWorkingSchema(t *testing.T) {
	crd, err := os.ReadFile("../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mount(t, dir, "..v1", crd)
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, CRDFiles(cat, []string{dir}, 10*time.Millisecond))
	if status, _ := get(t, ts, "/readyz"); status != http.StatusServiceUnavailable {
		t.Errorf("ready before the files were loaded: %d", status)
	}
	start()
	immutableChange := review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))
	eventually(t, "the files are loaded", func() bool { status, _ := get(t, ts, "/readyz"); return status == http.StatusOK })
	if resp := post(t, ts, "/validate", immutableChange); resp.Allowed {
		t.Fatalf("the engine change must be denied")
	}

	mount(t, dir, "..v2", []byte(strings.Replace(string(crd), "x-kubernetes-mutability: Immutable", "minLength: 1", 1)))
	eventually(t, "the changed CRD is served", func() bool { return post(t, ts, "/validate", immutableChange).Allowed })

	mount(t, dir, "..v3", []byte(strings.Replace(string(crd), `rule: self.replicas == 1 ||`, `rule: self.replicas == ||`, 1)))
	eventually(t, "the broken reload is reported", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "last load: CustomResourceDefinition.apiextensions.k8s.io \"databases.example.kval.dev\" is invalid")
	})
	if !post(t, ts, "/validate", immutableChange).Allowed {
		t.Errorf("the broken CRD replaced the working one")
	}
	if got := counterValue(t, ts.Config.Handler, `kval_webhook_schema_failures_total{source="files"}`); got != "1" {
		t.Errorf("failures counted %s, want 1", got)
	}
}

// mount writes crd.yaml into a new ..<name> directory and points ..data and
// crd.yaml at it, as kubelet updates a ConfigMap volume.
func mount(t *testing.T, dir, name string, crd []byte) {
	t.Helper()
	if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "crd.yaml"), crd, 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, "..data_tmp")
	if err := os.Symlink(name, tmp); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, "..data")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "crd.yaml")); os.IsNotExist(err) {
		if err := os.Symlink("..data/crd.yaml", filepath.Join(dir, "crd.yaml")); err != nil {
			t.Fatal(err)
		}
	}
}

func get(t *testing.T, ts *httptest.Server, path string) (int, string) {
	t.Helper()
	resp, err := http.Get(ts.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(text)
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestUnusableFilesKeepTheSourceUnready: a first load that fails leaves the
// webhook unready, saying why, and a kind it has no schema for is denied.
func TestUnusableFilesKeepTheSourceUnready(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "crd.yaml"), []byte("kind: [unclosed"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, CRDFiles(cat, []string{dir}, 10*time.Millisecond))
	start()
	eventually(t, "the failed load is reported", func() bool {
		status, detail := get(t, ts, "/readyz")
		return status == http.StatusServiceUnavailable && strings.Contains(detail, "[-]source files: not loaded yet: unusable CustomResourceDefinitions")
	})
	if resp := post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil)); resp.Allowed {
		t.Errorf("allowed a kind with no schema")
	}
}

// serveSources serves cat, empty until the sources fill it once start is
// called; both end with the test.
func serveSources(t *testing.T, cat *catalog.Catalog, sources ...Source) (ts *httptest.Server, start func()) {
	t.Helper()
	s := New(cat, Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, sources...)
	ts = httptest.NewServer(s.Handler())
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() {
		cancel()
		ts.Close()
	})
	return ts, func() { go s.Run(ctx) }
}
