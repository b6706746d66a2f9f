package webhook

import (
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
