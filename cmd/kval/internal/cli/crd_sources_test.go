package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestCRDFromURL: --crd takes a URL, fetched into the user's cache
// directory and read from there when the server is gone; a URL that
// cannot be fetched, or holds no CRD, is unusable input naming it.
func TestCRDFromURL(t *testing.T) {
	srv := crdServer(t, "../../../../examples/crd.yaml")
	objects := "testdata/validate/helm-template.yaml"

	code, stdout, stderr := runKval(t, "", "validate", "--crd", srv.URL+"/crd.yaml", "-n", "shop", objects)
	if code != ExitInvalid || !strings.Contains(stdout, `Database "orders" is valid`) || stderr != "" {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, path := range []string{"/missing.yaml", "/configmap.yaml"} {
		code, _, stderr = runKval(t, "", "validate", "--crd", srv.URL+path, objects)
		if code != ExitBadInput || !strings.Contains(stderr, "error: "+srv.URL+path+": ") {
			t.Errorf("%s: exit %d\n%s", path, code, stderr)
		}
	}
	srv.Close()
	code, stdout, stderr = runKval(t, "", "validate", "--crd", srv.URL+"/crd.yaml", "-n", "shop", objects)
	if code != ExitInvalid || !strings.Contains(stdout, `Database "orders" is valid`) || !strings.Contains(stderr, "Warning: "+srv.URL+"/crd.yaml: using the cached copy") {
		t.Fatalf("offline: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestPruneWithChart: kval prune takes a chart's CRDs too.
func TestPruneWithChart(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "prune", "--crd", "testdata/charts/shop", "testdata/validate/helm-template.yaml")
	if code != ExitValid || !strings.Contains(stdout, "name: reporting") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestLintChartAndURL: kval lint reads a chart's crds/ (not its templates)
// and a URL's documents; a URL that fails or holds no CRD is unusable.
func TestLintChartAndURL(t *testing.T) {
	srv := crdServer(t, "testdata/charts/shop/charts/cache/crds/caches.yaml")
	code, stdout, stderr := runKval(t, "", "lint", "testdata/charts/shop", srv.URL+"/crd.yaml")
	for _, want := range []string{`testdata/charts/shop/crds/databases.yaml:1: CustomResourceDefinition "databases.example.kval.dev" is valid`,
		`testdata/charts/shop/charts/cache/crds/caches.yaml:1: CustomResourceDefinition "caches.example.kval.dev" is valid`,
		srv.URL + `/crd.yaml:1: CustomResourceDefinition "caches.example.kval.dev" is valid`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q", want)
		}
	}
	if code != ExitValid {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, path := range []string{"/missing.yaml", "/configmap.yaml"} {
		code, stdout, stderr = runKval(t, "", "lint", srv.URL+path)
		if code != ExitBadInput || !strings.Contains(stdout+stderr, srv.URL+path) {
			t.Errorf("%s: exit %d\n%s\n%s", path, code, stdout, stderr)
		}
	}
	if code, _, stderr := runKval(t, "", "lint", "testdata/charts/nocrds"); code != ExitBadInput || !strings.Contains(stderr, "no crds/ folder") {
		t.Errorf("chart without crds/: exit %d\n%s", code, stderr)
	}
}

// TestPruneWithCRDsAmongTheObjects: helm template --include-crds | kval
// prune - needs no --crd.
func TestPruneWithCRDsAmongTheObjects(t *testing.T) {
	var stdout, stderr strings.Builder
	code := Main([]string{"prune", "-"}, strings.NewReader(readTestFile(t, "testdata/validate/helm-template-crds.yaml")), &stdout, &stderr)
	if code != ExitValid || !strings.Contains(stdout.String(), "name: reporting") || !strings.Contains(stdout.String(), "kind: Cache") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout.String(), stderr.String())
	}
}

// crdServer serves crdFile at /crd.yaml and a ConfigMap, no CRD, at
// /configmap.yaml until the test ends (or it is closed), with the user's
// cache directory, where kval keeps fetched CRDs, a temporary one.
func crdServer(t *testing.T, crdFile string) *httptest.Server {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	crd, err := os.ReadFile(crdFile)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/crd.yaml", func(w http.ResponseWriter, r *http.Request) { w.Write(crd) })
	mux.HandleFunc("/configmap.yaml", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}
