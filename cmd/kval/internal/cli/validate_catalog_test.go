package cli

import (
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The catalog's local copy, and a tree of real projects' manifests that
// uses cert-manager, Prometheus Operator, Argo CD and Gateway API kinds.
const (
	catalogCopy = "../../../../testdata/catalog"
	catalogTree = "../../../../testdata/projects/catalog-tree"
)

// catalogMirror serves the local copy on loopback, with the user's cache
// directory a temporary one.
func catalogMirror(t *testing.T) *httptest.Server {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	srv := httptest.NewServer(http.FileServer(http.Dir(catalogCopy)))
	t.Cleanup(srv.Close)
	return srv
}

// TestValidateCatalogTreeFromLocalCopy: the tree validates with no --crd
// from the local copy ($KVAL_CATALOG_DIR, as in kval's image), the catalog
// on by default, and the run names every file it read.
func TestValidateCatalogTreeFromLocalCopy(t *testing.T) {
	t.Setenv(catalogEnv, "")
	t.Setenv(catalogDirEnv, catalogCopy)
	code, stdout, stderr := runKval(t, "", "validate", catalogTree)
	if code != ExitValid || !strings.Contains(stdout, "10 valid, 0 invalid") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"catalog: cert-manager v1.21.2: ", "catalog: prometheus-operator v0.93.0: ", "catalog: argo-cd v3.5.8: ", "catalog: gateway-api v1.6.3: ", "gateway.networking.k8s.io_httproutes.yaml"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestValidateCatalogFromMirrorThenOffline: with a mirror on loopback the
// tree validates, and again from the cache once the mirror is gone.
func TestValidateCatalogFromMirrorThenOffline(t *testing.T) {
	srv := catalogMirror(t)
	code, stdout, stderr := runKval(t, "", "validate", "--catalog", "--catalog-mirror", srv.URL, catalogTree)
	if code != ExitValid || !strings.Contains(stderr, "catalog: cert-manager v1.21.2: "+srv.URL+"/cert-manager/v1.21.2/") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	srv.Close()
	if code, stdout, stderr := runKval(t, "", "validate", "--catalog", "--catalog-mirror", srv.URL, catalogTree); code != ExitValid {
		t.Fatalf("offline: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestValidateCatalogUnreachable: a kind whose file cannot be fetched has
// no schema, with the reason; --ignore-missing-schemas skips it.
func TestValidateCatalogUnreachable(t *testing.T) {
	srv := catalogMirror(t)
	srv.Close()
	file := catalogTree + "/gateway-api/basic-http.yaml"
	code, stdout, _ := runKval(t, "", "validate", "--catalog", "--catalog-mirror", srv.URL, file)
	if code != ExitInvalid || !strings.Contains(stdout, "kval's catalog could not give its CRD") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := runKval(t, "", "validate", "--catalog", "--catalog-mirror", srv.URL, "--ignore-missing-schemas", file); code != ExitValid {
		t.Fatalf("--ignore-missing-schemas: exit %d\n%s", code, stdout)
	}
}

// TestValidateCatalogOff: --catalog=false leaves the kinds with no schema,
// and a group --crd defines is never asked of the catalog.
func TestValidateCatalogOff(t *testing.T) {
	file := catalogTree + "/gateway-api/basic-http.yaml"
	code, stdout, _ := runKval(t, "", "validate", "--catalog=false", file)
	if code != ExitInvalid || !strings.Contains(stdout, "no schema for kind") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	code, stdout, stderr := runKval(t, "", "validate", "--catalog", "--catalog-dir", t.TempDir(), "--crd", catalogCopy+"/gateway-api/v1.6.3", file)
	if code != ExitValid || strings.Contains(stderr, "catalog:") {
		t.Fatalf("--crd: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// TestImageBakesTheCatalog: the container image copies the local copy of
// the catalog and points $KVAL_CATALOG_DIR at it (docker cannot run in
// these tests: the Dockerfile is read).
func TestImageBakesTheCatalog(t *testing.T) {
	raw, err := os.ReadFile("../../../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	copied := regexp.MustCompile(`(?m)^COPY --from=build /src/(\S+) (\S+)$`).FindAllStringSubmatch(string(raw), -1)
	env := regexp.MustCompile(`(?m)^ENV ` + catalogDirEnv + `=(\S+)$`).FindStringSubmatch(string(raw))
	for _, c := range copied {
		if env != nil && c[2] == env[1] && "../../../../"+c[1] == catalogCopy {
			return
		}
	}
	t.Errorf("the Dockerfile does not copy %s to $%s: %v %v", catalogCopy, catalogDirEnv, copied, env)
}
