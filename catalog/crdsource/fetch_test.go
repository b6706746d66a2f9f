package crdsource

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// server serves body at /crds.yaml with an ETag and Last-Modified,
// answering 304 to a request that names them; it counts full answers.
type server struct {
	body       atomic.Value // string
	etag       string
	full, cond atomic.Int32
}

func newServer(t *testing.T, body string) (*server, *httptest.Server) {
	s := &server{etag: `"v1"`}
	s.body.Store(body)
	mux := http.NewServeMux()
	mux.HandleFunc("/crds.yaml", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == s.etag {
			s.cond.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		s.full.Add(1)
		w.Header().Set("ETag", s.etag)
		w.Header().Set("Last-Modified", "Mon, 02 Jan 2026 15:04:05 GMT")
		w.Write([]byte(s.body.Load().(string)))
	})
	mux.HandleFunc("/slow.yaml", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	mux.HandleFunc("/page.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html></html>"))
	})
	mux.HandleFunc("/configmap.yaml", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n"))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return s, srv
}

func testFetcher(t *testing.T) *Fetcher {
	return &Fetcher{CacheDir: t.TempDir(), MaxBytes: 1 << 20, Timeout: 2 * time.Second}
}

func readCRDFile(t *testing.T) string {
	b, err := os.ReadFile("testdata/caches.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFetchOnceThenRevalidate: the first fetch downloads, the next ones
// ask with the ETag and read the cache on 304.
func TestFetchOnceThenRevalidate(t *testing.T) {
	s, srv := newServer(t, readCRDFile(t))
	f := testFetcher(t)
	for range 3 {
		got, err := f.Fetch(t.Context(), srv.URL+"/crds.yaml")
		if err != nil || got.Stale != nil || string(got.Body) != readCRDFile(t) {
			t.Fatalf("%v %+v", err, got)
		}
	}
	if s.full.Load() != 1 || s.cond.Load() != 2 {
		t.Fatalf("%d full answers, %d 304s; want 1 and 2", s.full.Load(), s.cond.Load())
	}
}

// TestFetchNewContent: a changed ETag downloads the new body into the cache.
func TestFetchNewContent(t *testing.T) {
	s, srv := newServer(t, "old")
	f := testFetcher(t)
	if _, err := f.Fetch(t.Context(), srv.URL+"/crds.yaml"); err != nil {
		t.Fatal(err)
	}
	s.body.Store("new")
	s.etag = `"v2"`
	got, err := f.Fetch(t.Context(), srv.URL+"/crds.yaml")
	if err != nil || string(got.Body) != "new" {
		t.Fatalf("%v %+v", err, got)
	}
}

// TestFetchOfflineFromCache: with the server gone, the cached copy serves,
// with the reason for a warning.
func TestFetchOfflineFromCache(t *testing.T) {
	_, srv := newServer(t, readCRDFile(t))
	f := testFetcher(t)
	url := srv.URL + "/crds.yaml"
	if _, err := f.Fetch(t.Context(), url); err != nil {
		t.Fatal(err)
	}
	srv.Close()
	got, err := f.Fetch(t.Context(), url)
	if err != nil || got.Stale == nil || string(got.Body) != readCRDFile(t) {
		t.Fatalf("%v %+v", err, got)
	}
}

// TestFetchFailures: each failure is a *FetchError naming the URL and why.
func TestFetchFailures(t *testing.T) {
	_, srv := newServer(t, strings.Repeat("x", 2<<20))
	f := testFetcher(t)
	f.Timeout = 200 * time.Millisecond
	for path, want := range map[string]string{
		"/missing.yaml": "404 Not Found",
		"/crds.yaml":    "a body over the limit of 1048576 bytes",
		"/slow.yaml":    "context deadline exceeded",
		"/page.html":    "an HTML page",
	} {
		_, err := f.Fetch(t.Context(), srv.URL+path)
		var fetchErr *FetchError
		if !errors.As(err, &fetchErr) || fetchErr.URL != srv.URL+path || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a FetchError with %q", path, err, want)
		}
	}
}

// TestFetch404IsNotServedFromCache: a URL that is gone is an error even when
// cached: serving the old copy would hide it.
func TestFetch404IsNotServedFromCache(t *testing.T) {
	_, srv := newServer(t, readCRDFile(t))
	f := testFetcher(t)
	if err := writeCache(f.CacheDir, srv.URL+"/missing.yaml", cacheMeta{URL: srv.URL + "/missing.yaml"}, []byte("cached")); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Fetch(t.Context(), srv.URL+"/missing.yaml"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Fatalf("%v, want the 404", err)
	}
}

// TestLoadURL: a URL's CRDs are loaded under the URL's name; a URL that
// holds no CRD, or cannot be fetched, is an error problem naming it.
func TestLoadURL(t *testing.T) {
	_, srv := newServer(t, readCRDFile(t))
	f := testFetcher(t)
	for _, deferred := range []bool{false, true} {
		loaded := f.Load(t.Context(), srv.URL+"/crds.yaml", deferred)
		if len(loaded.Errors()) > 0 || len(loaded.CRDs)+len(loaded.Deferred) != 1 {
			t.Fatalf("deferred %v: %+v", deferred, loaded)
		}
	}
	loaded := f.Load(t.Context(), srv.URL+"/crds.yaml", false)
	if loaded.CRDs[0].Source.File != srv.URL+"/crds.yaml" || loaded.CRDs[0].Name() != "caches.example.kval.dev" {
		t.Fatalf("%+v", loaded.CRDs[0])
	}
	for path, want := range map[string]string{"/configmap.yaml": "no CustomResourceDefinition at this URL", "/missing.yaml": "404"} {
		errs := f.Load(t.Context(), srv.URL+path, true).Errors()
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), srv.URL+path) || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%s: %v, want one error naming the URL with %q", path, errs, want)
		}
	}
}

// TestFetchWithoutACacheDirectory: with no cache directory (no $HOME), a
// URL is still fetched, every time.
func TestFetchWithoutACacheDirectory(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	s, srv := newServer(t, readCRDFile(t))
	f := NewFetcher()
	for range 2 {
		if got, err := f.Fetch(t.Context(), srv.URL+"/crds.yaml"); err != nil || string(got.Body) != readCRDFile(t) {
			t.Fatalf("%v %+v", err, got)
		}
	}
	if s.full.Load() != 2 {
		t.Fatalf("%d downloads, want 2", s.full.Load())
	}
}
