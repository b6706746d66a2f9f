package webhook

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/catalog"
)

// TestSpecialFilesInACRDDirectoryDoNotBlockReloads: a FIFO, a symlink
// loop and a link to a device beside the CRD are skipped, named in
// /readyz and the log, and a later change of the CRD is
// still applied.
func TestSpecialFilesInACRDDirectoryDoNotBlockReloads(t *testing.T) {
	crd, err := os.ReadFile("../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mount(t, dir, "..v1", crd)
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, CRDFiles(cat, []string{dir}, 10*time.Millisecond))
	start()
	eventually(t, "the files are loaded", func() bool { status, _ := get(t, ts, "/readyz"); return status == http.StatusOK })

	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"loop.yaml": "loop.yaml", "zero.yaml": "/dev/zero"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Fatal(err)
		}
	}
	mount(t, dir, "..v2", []byte(strings.Replace(string(crd), "x-kubernetes-mutability: Immutable", "minLength: 1", 1)))
	immutableChange := review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))
	done := make(chan struct{})
	go func() {
		defer close(done)
		eventually(t, "the changed CRD is served", func() bool { return post(t, ts, "/validate", immutableChange).Allowed })
	}()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("the reload is blocked")
	}
	status, detail := get(t, ts, "/readyz")
	for _, name := range []string{"fifo.yaml", "loop.yaml", "zero.yaml"} {
		if !strings.Contains(detail, name) {
			t.Errorf("/readyz (%d) does not name %s:\n%s", status, name, detail)
		}
	}
	if status != http.StatusOK || !strings.Contains(detail, "skipped: ") {
		t.Errorf("/readyz %d, want 200 (the CRDs are current) naming the skipped files:\n%s", status, detail)
	}
}
