package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/catalog/crdindex"
)

// TestCatalogListsItsKinds: kval catalog names each project with its
// version and license, and each kind with its group and versions.
func TestCatalogListsItsKinds(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "catalog")
	for _, want := range []string{"cert-manager v1.21.2 (Apache-2.0, https://github.com/cert-manager/cert-manager)", "ServiceMonitor", "gateway.networking.k8s.io", "[v1alpha1]"} {
		if code != ExitValid || !strings.Contains(stdout, want) {
			t.Fatalf("exit %d, want %q in\n%s%s", code, want, stdout, stderr)
		}
	}
}

// TestCatalogPullThenValidateOffline: kval catalog pull writes a local
// copy from a mirror, and the tree validates from it with the mirror gone.
func TestCatalogPullThenValidateOffline(t *testing.T) {
	srv := catalogMirror(t)
	dir := filepath.Join(t.TempDir(), "copy")
	idx, _ := crdindex.Default()
	files := 0
	for _, p := range idx.Projects {
		files += len(p.Files)
	}
	code, stdout, stderr := runKval(t, "", "catalog", "pull", "--catalog-mirror", srv.URL, dir)
	if code != ExitValid || !strings.Contains(stdout, fmt.Sprintf("%d files of %d projects", files, len(idx.Projects))) {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	srv.Close()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	if code, stdout, stderr := runKval(t, "", "validate", "--catalog", "--catalog-dir", dir, catalogTree); code != ExitValid {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
}
