package crdsource

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestACachedBodyReplacedOnDiskIsNotServed: a cached copy whose body was
// changed after kval wrote it is not used: the next fetch asks for the
// whole body again, even from a server that would answer 304.
func TestACachedBodyReplacedOnDiskIsNotServed(t *testing.T) {
	body := readCRDFile(t)
	s, srv := newServer(t, body)
	f := testFetcher(t)
	f.CacheDir = filepath.Join(f.CacheDir, "crds") // made by the fetch
	url := srv.URL + "/crds.yaml"
	if _, err := f.Fetch(context.Background(), url); err != nil {
		t.Fatal(err)
	}
	path := cachePath(f.CacheDir, url)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	if err := os.WriteFile(path, append(line, []byte("\nkind: Forged\n")...), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := f.Fetch(context.Background(), url)
	if err != nil || string(got.Body) != body {
		t.Errorf("after the cache was changed: %v, %.60q", err, got.Body)
	}
	if s.full.Load() != 2 {
		t.Errorf("%d full answers, want 2 (the changed copy asked for again)", s.full.Load())
	}
	if info, err := os.Stat(f.CacheDir); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("cache directory %v, %v: want 0700 (the owner's alone)", info.Mode(), err)
	}
}
