package crdsource

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// ChecksumError is a body whose SHA-256 is not the one its source pins.
type ChecksumError struct {
	URL       string
	Want, Got string
}

func (e *ChecksumError) Error() string {
	return fmt.Sprintf("%s: sha256 %s, want %s (the file changed upstream or in transit: refresh the index, or check the mirror)", e.URL, e.Got, e.Want)
}

// SHA256 is the lower-case hex SHA-256 of body.
func SHA256(body []byte) string {
	sum := sha256.Sum256(body)
	return hex.EncodeToString(sum[:])
}

// FetchPinned returns the body of url, which must have the SHA-256 sum
// (hex). A pinned file cannot change, so a cached copy with that sum is
// used without asking the server; otherwise the URL is fetched as Fetch
// does, and a body with another sum is a *ChecksumError, whether it came
// from the server or from a stale cache.
func (f *Fetcher) FetchPinned(ctx context.Context, url, sum string) ([]byte, error) {
	dir, _ := f.cacheDir()
	if cached := readCache(dir, url); cached != nil && SHA256(cached.body) == strings.ToLower(sum) {
		return cached.body, nil
	}
	fetched, err := f.Fetch(ctx, url)
	if err != nil {
		return nil, err
	}
	return fetched.Body, VerifySHA256(url, fetched.Body, sum)
}

// VerifySHA256 returns a *ChecksumError when body's SHA-256 is not sum.
func VerifySHA256(name string, body []byte, sum string) error {
	if got := SHA256(body); got != strings.ToLower(sum) {
		return &ChecksumError{URL: name, Want: sum, Got: got}
	}
	return nil
}
