package webhook

import (
	"context"
	"fmt"
	"reflect"
	"time"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/schema"
)

// crdURLs serves the CRDs of http(s):// URLs in a catalog and fetches
// them again every interval. The fetches are conditional
// (crdsource.Fetcher), so an unchanged URL costs a 304; a server that
// cannot be reached leaves the cached copy in use. A load is published and
// reported only when the CRDs or the error change.
type crdURLs struct {
	cat     *catalog.Catalog
	urls    []string
	every   time.Duration
	fetcher *crdsource.Fetcher // nil uses crdsource's defaults

	served  []string
	last    []*schema.CRD
	lastErr string
}

// CRDURLs is the source of the CRDs at urls in cat, fetched again every
// interval through fetcher (nil: crdsource's defaults).
func CRDURLs(cat *catalog.Catalog, urls []string, every time.Duration, fetcher *crdsource.Fetcher) Source {
	return &crdURLs{cat: cat, urls: urls, every: every, fetcher: fetcher}
}

// Name implements Source.
func (u *crdURLs) Name() string { return "urls" }

// Run implements Source.
func (u *crdURLs) Run(ctx context.Context, report func(Load)) {
	first := true
	poll(ctx, u.every, func() {
		if load, changed := u.load(ctx); changed || first {
			report(load)
		}
		first = false
	})
}

// load fetches the URLs and publishes their CRDs when they changed.
func (u *crdURLs) load(ctx context.Context) (Load, bool) {
	loaded := crdsource.Read(ctx, u.urls, crdsource.Options{Fetcher: u.fetcher})
	crds, problems, err := catalog.Usable(loaded)
	if err != nil {
		err = fmt.Errorf("%w: %v", err, problems)
		changed := err.Error() != u.lastErr
		u.lastErr = err.Error()
		return Load{Served: len(u.served), Err: err}, changed
	}
	if u.lastErr == "" && u.last != nil && reflect.DeepEqual(crds, u.last) {
		return Load{Served: len(u.served)}, false
	}
	var load Load
	load, u.served = publish(ctx, u.cat, crds, u.served)
	u.lastErr = ""
	if load.Err == nil {
		u.last = crds
	}
	return load, true
}
