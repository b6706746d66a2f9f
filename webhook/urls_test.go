package webhook

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
)

// TestURLsAreFetchedAgainOnTheirInterval: the URL's CRD serves, a changed
// body (a new ETag) is served on the next fetch, and an unchanged one is
// answered 304 without republishing.
func TestURLsAreFetchedAgainOnTheirInterval(t *testing.T) {
	crd, err := os.ReadFile("../examples/crd.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	body, etag := crd, `"1"`
	var notModified atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Header.Get("If-None-Match") == etag {
			notModified.Add(1)
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", etag)
		w.Write(body)
	}))
	defer srv.Close()
	fetcher := &crdsource.Fetcher{CacheDir: t.TempDir(), Timeout: time.Second}
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, CRDURLs(cat, []string{srv.URL + "/crd.yaml"}, 10*time.Millisecond, fetcher))
	start()
	immutableChange := review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))
	eventually(t, "the URL is loaded", func() bool { status, _ := get(t, ts, "/readyz"); return status == http.StatusOK })
	if resp := post(t, ts, "/validate", immutableChange); resp.Allowed {
		t.Fatalf("the engine change must be denied")
	}
	eventually(t, "the URL is revalidated", func() bool { return notModified.Load() >= 2 })

	mu.Lock()
	body, etag = []byte(strings.Replace(string(crd), "x-kubernetes-mutability: Immutable", "minLength: 1", 1)), `"2"`
	mu.Unlock()
	eventually(t, "the changed CRD is served", func() bool { return post(t, ts, "/validate", immutableChange).Allowed })
}

// TestURLCredentialsAreNotServedOrLogged: a URL source that fails names
// its URL in /readyz and in the log without its password and token.
func TestURLCredentialsAreNotServedOrLogged(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	var logged strings.Builder
	var mu sync.Mutex
	cat := catalog.New(catalog.Options{})
	url := strings.Replace(srv.URL, "http://", "http://admin:hunter2@", 1) + "/crd.yaml?token=tok3n"
	s := New(cat, Options{Logger: slog.New(slog.NewJSONHandler(lockedWriter{&mu, &logged}, nil))},
		CRDURLs(cat, []string{url}, time.Hour, &crdsource.Fetcher{CacheDir: t.TempDir(), Timeout: time.Second}))
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Run(ctx)
	var body string
	eventually(t, "the failed load is reported", func() bool {
		_, body = get(t, ts, "/readyz")
		return strings.Contains(body, "404")
	})
	mu.Lock()
	defer mu.Unlock()
	if all := body + logged.String(); strings.Contains(all, "hunter2") || strings.Contains(all, "tok3n") || !strings.Contains(all, "xxxxx") {
		t.Errorf("/readyz and the log:\n%s", all)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *strings.Builder
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
