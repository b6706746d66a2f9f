package site

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/play"
)

// fakeBuild is a directory holding what Build writes, without the Go
// toolchain's minutes: the browser test (e2e/playbrowser) runs the real one.
func fakeBuild(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range builtFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("built "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTheHandlerServesThePageAndTheBuiltFiles(t *testing.T) {
	srv := httptest.NewServer(Handler(fakeBuild(t)))
	defer srv.Close()
	for path, want := range map[string]string{
		"/":             "<title>kval playground</title>",
		"/play.js":      "kvalEvaluate",
		"/play.css":     "data-verdict",
		"/kval.wasm":    "built kval.wasm",
		"/wasm_exec.js": "built wasm_exec.js",
		"/gallery.json": "built gallery.json",
	} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("%s: %d, no %q in %.200s", path, resp.StatusCode, want, body)
		}
		if path == "/kval.wasm" && resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("kval.wasm served as %q: instantiateStreaming needs application/wasm", resp.Header.Get("Content-Type"))
		}
	}
}

func TestExportWritesEveryFileOfTheSite(t *testing.T) {
	out := filepath.Join(t.TempDir(), "site")
	if err := Export(fakeBuild(t), out); err != nil {
		t.Fatal(err)
	}
	for _, name := range append([]string{"index.html", "play.js", "play.css"}, builtFiles...) {
		if info, err := os.Stat(filepath.Join(out, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestExportWithoutABuildFails(t *testing.T) {
	if err := Export(t.TempDir(), t.TempDir()); err == nil || !strings.Contains(err.Error(), wasmFile) {
		t.Fatalf("got %v", err)
	}
}

func TestTheGalleryCarriesTheTextsOfItsFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), galleryFile)
	if err := writeGallery("../..", path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var entries []galleryEntry
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(play.Gallery) {
		t.Fatalf("%d entries, want %d", len(entries), len(play.Gallery))
	}
	for i, e := range entries {
		ex := play.Gallery[i]
		if e.ID != ex.ID || !strings.Contains(e.CRD, "kind: CustomResourceDefinition") || e.New == "" || (ex.Old == "") != (e.Old == "") {
			t.Errorf("entry %d: %+v", i, e)
		}
	}
}

func TestAMissingGalleryFileIsAnError(t *testing.T) {
	err := writeGallery(t.TempDir(), filepath.Join(t.TempDir(), galleryFile))
	if err == nil || !strings.Contains(err.Error(), "gallery example "+play.Gallery[0].ID) {
		t.Fatalf("got %v", err)
	}
}

func TestTheCacheIsKeyedByVersionOrCheckout(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	released, err := cacheDir(source{Dir: "/mod/kval@v1.2.3", Version: "v1.2.3"})
	if err != nil || filepath.Base(released) != "v1.2.3" {
		t.Fatalf("%s %v", released, err)
	}
	a, _ := cacheDir(source{Dir: "/src/a"})
	b, _ := cacheDir(source{Dir: "/src/b"})
	if a == b || !strings.HasPrefix(filepath.Base(a), "checkout-") {
		t.Fatalf("%s %s", a, b)
	}
}

func TestOutsideACheckoutTheSourceIsNotFound(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("GOWORK", "off")
	_, err := findSource(context.Background())
	if err == nil || !strings.Contains(err.Error(), "kval's source not found") {
		t.Fatalf("got %v", err)
	}
}

func TestInTheCheckoutTheSourceIsIt(t *testing.T) {
	src, err := findSource(context.Background())
	root, _ := filepath.Abs("../..")
	if err != nil || src.Dir != root || src.Version != "" {
		t.Fatalf("%+v %v, want %s", src, err, root)
	}
}

func TestReleasedVersions(t *testing.T) {
	for v, want := range map[string]bool{"v1.2.3": true, "(devel)": false, "": false, "v1.2.3+dirty": false} {
		if released(v) != want {
			t.Errorf("released(%q) = %v", v, !want)
		}
	}
}
