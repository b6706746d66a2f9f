package crdindex

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kval-dev/kval/catalog/crdsource"
)

// mirror serves the local copy on loopback, counting requests.
func mirror(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var requests atomic.Int32
	files := http.FileServer(http.Dir(localCopy))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

func defaultIndex(t *testing.T) *Index {
	idx, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	return idx
}

// TestResolveFromAMirrorThenOffline: a kind's file comes from the mirror
// once, is told once, and then serves from the cache with the mirror gone.
func TestResolveFromAMirrorThenOffline(t *testing.T) {
	srv, requests := mirror(t)
	cache := t.TempDir()
	var told []Fetch
	r := &Resolver{Index: defaultIndex(t), Mirror: srv.URL, Fetcher: &crdsource.Fetcher{CacheDir: cache, Timeout: 5 * time.Second},
		Fetched: func(f Fetch) { told = append(told, f) }}
	for range 2 {
		crds, err := r.Resolve(t.Context(), "cert-manager.io", "v1", "Certificate")
		if err != nil || len(crds) != 1 || crds[0].Name() != "certificates.cert-manager.io" {
			t.Fatalf("%v %v", crds, err)
		}
	}
	if len(told) != 1 || told[0].From != srv.URL+"/cert-manager/v1.21.2/cert-manager.io_certificates.yaml" {
		t.Errorf("told %+v", told)
	}
	srv.Close()
	offline := &Resolver{Index: r.Index, Mirror: srv.URL, Fetcher: &crdsource.Fetcher{CacheDir: cache}}
	if _, err := offline.Resolve(t.Context(), "cert-manager.io", "v1", "Certificate"); err != nil || requests.Load() != 1 {
		t.Errorf("offline: %v, %d requests", err, requests.Load())
	}
}

// TestResolveUnknownKind: a kind the index does not know gives nothing,
// and asks nothing.
func TestResolveUnknownKind(t *testing.T) {
	r := &Resolver{Index: defaultIndex(t), Dir: t.TempDir()}
	if crds, err := r.Resolve(t.Context(), "example.com", "v1", "Widget"); crds != nil || err != nil {
		t.Fatalf("%v %v", crds, err)
	}
}

// TestResolveRefusesAChangedFile: a local copy whose file is not the one
// the index pins is a ChecksumError naming the project and the file.
func TestResolveRefusesAChangedFile(t *testing.T) {
	dir := t.TempDir()
	idx := defaultIndex(t)
	e, _ := idx.Lookup("argoproj.io", "v1alpha1", "AppProject")
	name := filepath.Join(dir, filepath.FromSlash(e.File.Path))
	os.MkdirAll(filepath.Dir(name), 0o755)
	os.WriteFile(name, []byte("apiVersion: v1\nkind: ConfigMap\n"), 0o644)
	_, err := (&Resolver{Index: idx, Dir: dir}).Resolve(t.Context(), "argoproj.io", "v1alpha1", "AppProject")
	var sumErr *crdsource.ChecksumError
	if !errors.As(err, &sumErr) || !strings.Contains(err.Error(), "argo-cd v3.5.8") {
		t.Fatalf("%v, want a ChecksumError", err)
	}
}

// TestLocalCopyServesEveryKind: every file of the index is in the local
// copy, with its sum, and its CRDs define the kinds the index says.
func TestLocalCopyServesEveryKind(t *testing.T) {
	idx := defaultIndex(t)
	r := &Resolver{Index: idx, Dir: localCopy}
	for _, p := range idx.Projects {
		if _, err := os.Stat(filepath.Join(localCopy, p.Name, p.Version, "LICENSE")); err != nil {
			t.Errorf("%s: no license: %v", p.Name, err)
		}
		for _, f := range p.Files {
			k := f.Kinds[0]
			crds, err := r.Resolve(t.Context(), k.Group, k.Versions[0], k.Kind)
			if err != nil || len(crds) != len(f.Kinds) || crds[0].Spec.Names.Kind != k.Kind {
				t.Errorf("%s: %d CRDs, %v", f.Path, len(crds), err)
			}
		}
	}
}
