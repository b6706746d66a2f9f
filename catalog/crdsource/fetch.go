package crdsource

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// Defaults of a Fetcher: a CRD bundle of a large operator is a few MiB,
// and a release server answers in seconds.
const (
	DefaultMaxBytes = 32 << 20
	DefaultTimeout  = 30 * time.Second
)

// Fetcher fetches CRD files from URLs into a cache directory: each URL is
// downloaded once, then revalidated (If-None-Match with the ETag,
// If-Modified-Since with Last-Modified), and read from the cache when the
// server says it has not changed or cannot be reached.
type Fetcher struct {
	// Client does the requests; nil uses http.DefaultClient's transport.
	Client *http.Client
	// CacheDir holds the fetched files; empty is os.UserCacheDir()/kval/crds.
	CacheDir string
	// MaxBytes bounds a body; larger ones are refused.
	MaxBytes int64
	// Timeout bounds one fetch, body included.
	Timeout time.Duration
}

// NewFetcher returns a Fetcher with the defaults.
func NewFetcher() *Fetcher {
	return &Fetcher{MaxBytes: DefaultMaxBytes, Timeout: DefaultTimeout}
}

// Fetched is the body of a URL and how it was obtained.
type Fetched struct {
	Body []byte
	// Stale is set when the server could not be asked or failed, and the
	// body is the cached copy: the reason, for a warning.
	Stale error
}

// FetchError is a URL that could not be fetched and is not in the cache;
// URL is redacted (Redact).
type FetchError struct {
	URL string
	Err error
}

func (e *FetchError) Error() string { return fmt.Sprintf("fetching %s: %v", e.URL, e.Err) }
func (e *FetchError) Unwrap() error { return e.Err }

// Fetch returns the body of url, from the server or from the cache.
func (f *Fetcher) Fetch(ctx context.Context, url string) (*Fetched, error) {
	// Without a cache directory (no $HOME), every run downloads.
	dir, _ := f.cacheDir()
	cached := readCache(dir, url)
	ctx, cancel := context.WithTimeout(ctx, f.timeout())
	defer cancel()
	body, meta, err := f.get(ctx, url, cached)
	var status *statusError
	switch {
	case err == nil && body == nil: // 304
		return &Fetched{Body: cached.body}, nil
	case err == nil:
		// A cache that cannot be written costs the next run a download, no more.
		if dir != "" {
			_ = writeCache(dir, url, meta, body)
		}
		return &Fetched{Body: body}, nil
	case cached != nil && !(errors.As(err, &status) && status.code < 500):
		return &Fetched{Body: cached.body, Stale: redactErr(err)}, nil
	}
	return nil, &FetchError{URL: Redact(url), Err: err}
}

// statusError is an HTTP status other than 200 and 304.
type statusError struct {
	code   int
	status string
}

func (e *statusError) Error() string { return "the server answered " + e.status }

// get requests url, conditionally when it is cached. A nil body with no
// error is 304 Not Modified.
func (f *Fetcher) get(ctx context.Context, url string, cached *cacheEntry) ([]byte, cacheMeta, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, cacheMeta{}, redactErr(err)
	}
	if cached != nil {
		cached.meta.condition(req)
	}
	resp, err := f.client().Do(req)
	if err != nil {
		return nil, cacheMeta{}, redactErr(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotModified && cached != nil:
		return nil, cached.meta, nil
	case resp.StatusCode != http.StatusOK:
		return nil, cacheMeta{}, &statusError{code: resp.StatusCode, status: resp.Status}
	case isHTML(resp.Header.Get("Content-Type")):
		return nil, cacheMeta{}, &statusError{code: http.StatusUnsupportedMediaType,
			status: "an HTML page, not YAML or JSON (link the raw file, not the page that shows it)"}
	}
	body, err := f.readBody(resp.Body)
	return body, cacheMeta{URL: url, ETag: resp.Header.Get("ETag"), LastModified: resp.Header.Get("Last-Modified")}, err
}

// readBody reads at most MaxBytes.
func (f *Fetcher) readBody(r io.Reader) ([]byte, error) {
	limit := f.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxBytes
	}
	body, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, &statusError{code: http.StatusRequestEntityTooLarge, status: fmt.Sprintf("a body over the limit of %d bytes", limit)}
	}
	return body, nil
}

func isHTML(contentType string) bool {
	media, _, err := mime.ParseMediaType(contentType)
	return err == nil && media == "text/html"
}

func (f *Fetcher) client() *http.Client {
	if f.Client != nil {
		return f.Client
	}
	return http.DefaultClient
}

func (f *Fetcher) timeout() time.Duration {
	if f.Timeout > 0 {
		return f.Timeout
	}
	return DefaultTimeout
}

func (f *Fetcher) cacheDir() (string, error) {
	if f.CacheDir != "" {
		return f.CacheDir, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory: %w", err)
	}
	return filepath.Join(dir, "kval", "crds"), nil
}
