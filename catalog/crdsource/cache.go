package crdsource

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
)

// cacheMeta is what revalidating a cached URL needs, and the digest of
// the body it was stored with.
type cacheMeta struct {
	URL          string `json:"url"`
	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"lastModified,omitempty"`
	SHA256       string `json:"sha256,omitempty"`
}

// A server's 304 vouches for the body kval stored, not for whatever the
// cache file holds now: a body that no longer matches the digest written
// with it (changed on disk, truncated) is no cached copy, and the URL is
// fetched whole again. The digest sits in the same file, so it guards
// against accidents and against tools that rewrite the body alone; the
// cache's directory is the owner's alone (0700, its files 0600), which
// is what keeps other users from rewriting both.

func bodyDigest(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// condition makes req conditional on the cached copy.
func (m cacheMeta) condition(req *http.Request) {
	if m.ETag != "" {
		req.Header.Set("If-None-Match", m.ETag)
	}
	if m.LastModified != "" {
		req.Header.Set("If-Modified-Since", m.LastModified)
	}
}

// cacheEntry is a cached URL: its metadata and body.
type cacheEntry struct {
	meta cacheMeta
	body []byte
}

// cachePath is the file of url in dir: one file per URL, named by the
// URL's hash, holding a line of metadata (JSON) and the body, so that it
// is replaced in one rename.
func cachePath(dir, url string) string {
	sum := sha256.Sum256([]byte(url))
	return filepath.Join(dir, hex.EncodeToString(sum[:]))
}

// readCache returns the cached copy of url, or nil when there is none or
// it cannot be read.
func readCache(dir, url string) *cacheEntry {
	if dir == "" {
		return nil
	}
	data, err := os.ReadFile(cachePath(dir, url))
	if err != nil {
		return nil
	}
	line, body, found := bytes.Cut(data, []byte("\n"))
	var meta cacheMeta
	if !found || json.Unmarshal(line, &meta) != nil || meta.URL != url || meta.SHA256 != bodyDigest(body) {
		return nil
	}
	return &cacheEntry{meta: meta, body: body}
}

// writeCache stores body as the cached copy of url.
func writeCache(dir, url string, meta cacheMeta, body []byte) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	meta.SHA256 = bodyDigest(body)
	line, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".fetch-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(append(append(line, '\n'), body...))
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), cachePath(dir, url))
}
