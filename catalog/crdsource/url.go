package crdsource

import (
	"context"
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// Load fetches url and reads its documents, as schema.LoadBytes reads a
// file named url (deferred, schema.LoadBytesDeferred). A URL that cannot
// be fetched, or that holds no CRD, is an error problem; a cached copy
// used because the server could not be asked is a warning.
func (f *Fetcher) Load(ctx context.Context, rawURL string, deferred bool) *schema.Loaded {
	fetched, err := f.Fetch(ctx, rawURL)
	url := Redact(rawURL) // the name it is known by (redact.go)
	if err != nil {
		return &schema.Loaded{Problems: []schema.Problem{sourceProblem(url, err)}}
	}
	loaded := schema.LoadBytes(url, fetched.Body)
	if deferred {
		loaded = schema.LoadBytesDeferred(url, fetched.Body)
	}
	if fetched.Stale != nil {
		loaded.Problems = append(loaded.Problems, schema.Problem{Source: whole(url), Warning: true,
			Err: fmt.Errorf("%s: using the cached copy: %v", url, fetched.Stale)})
	}
	if len(loaded.CRDs) == 0 && len(loaded.Deferred) == 0 && len(loaded.Errors()) == 0 {
		loaded.Problems = append(loaded.Problems, sourceProblem(url, fmt.Errorf("no %s at this URL", schema.CRDKind)))
	}
	return loaded
}
