package crdsource

import (
	"errors"
	"testing"
)

// TestFetchPinnedUsesTheCacheWithoutAsking: a pinned URL is downloaded
// once; later fetches read the cache and never ask the server, even
// offline.
func TestFetchPinnedUsesTheCacheWithoutAsking(t *testing.T) {
	body := readCRDFile(t)
	s, srv := newServer(t, body)
	f := testFetcher(t)
	url := srv.URL + "/crds.yaml"
	for range 3 {
		got, err := f.FetchPinned(t.Context(), url, SHA256([]byte(body)))
		if err != nil || string(got) != body {
			t.Fatalf("%v %q", err, got)
		}
	}
	srv.Close()
	if _, err := f.FetchPinned(t.Context(), url, SHA256([]byte(body))); err != nil {
		t.Fatalf("offline: %v", err)
	}
	if s.full.Load() != 1 || s.cond.Load() != 0 {
		t.Fatalf("%d full answers, %d 304s; want 1 and 0", s.full.Load(), s.cond.Load())
	}
}

// TestFetchPinnedRefusesAnotherBody: a body with another sum is a
// ChecksumError naming the URL, and is not served from the cache later.
func TestFetchPinnedRefusesAnotherBody(t *testing.T) {
	_, srv := newServer(t, "tampered")
	f := testFetcher(t)
	url := srv.URL + "/crds.yaml"
	want := SHA256([]byte("original"))
	for range 2 {
		_, err := f.FetchPinned(t.Context(), url, want)
		var sumErr *ChecksumError
		if !errors.As(err, &sumErr) || sumErr.URL != url || sumErr.Got != SHA256([]byte("tampered")) {
			t.Fatalf("%v, want a ChecksumError", err)
		}
	}
}
