package crdindex

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kval-dev/kval/catalog/crdsource"
)

// TestPullWritesALocalCopy: pulling from a mirror writes every file of
// the index and the index, and the copy serves with no network.
func TestPullWritesALocalCopy(t *testing.T) {
	srv, _ := mirror(t)
	idx := defaultIndex(t)
	r := &Resolver{Index: idx, Mirror: srv.URL, Fetcher: &crdsource.Fetcher{CacheDir: t.TempDir(), Timeout: 10 * time.Second}}
	dir := t.TempDir()
	n, err := r.Pull(t.Context(), dir, Embedded())
	files := 0
	for _, p := range idx.Projects {
		files += len(p.Files)
	}
	if err != nil || n != files {
		t.Fatalf("%d files of %d, %v", n, files, err)
	}
	srv.Close()
	copied, err := ReadDir(dir)
	if err != nil || len(copied.Projects) != len(idx.Projects) {
		t.Fatalf("%v", err)
	}
	local := &Resolver{Index: copied, Dir: dir}
	if crds, err := local.Resolve(t.Context(), "monitoring.coreos.com", "v1", "Prometheus"); err != nil || len(crds) != 1 {
		t.Fatalf("%v %v", crds, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "gateway-api", "v1.6.3", "gateway.networking.k8s.io_httproutes.yaml")); err != nil {
		t.Fatal(err)
	}
}
