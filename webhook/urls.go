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

// URLSource serves the CRDs of http(s):// URLs and fetches them again
// every Interval. The fetches are conditional (crdsource.Fetcher), so an
// unchanged URL costs a 304; a server that cannot be reached leaves the
// cached copy in use. A load is published and reported only when the
// CRDs or the error change.
type URLSource struct {
	URLs     []string
	Interval time.Duration
	// Fetcher fetches the URLs; nil uses crdsource's defaults.
	Fetcher *crdsource.Fetcher

	served  []string
	last    []*schema.CRD
	lastErr string
}

// Name implements Source.
func (u *URLSource) Name() string { return "urls" }

// Run implements Source.
func (u *URLSource) Run(ctx context.Context, cat *catalog.Catalog, report func(Load)) {
	tick := time.NewTicker(u.Interval)
	defer tick.Stop()
	first := true
	for {
		if load, changed := u.load(ctx, cat); changed || first {
			report(load)
		}
		first = false
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// load fetches the URLs and publishes their CRDs when they changed.
func (u *URLSource) load(ctx context.Context, cat *catalog.Catalog) (Load, bool) {
	loaded := crdsource.Read(ctx, u.URLs, crdsource.Options{Fetcher: u.Fetcher})
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
	load, u.served = publish(ctx, cat, crds, u.served)
	u.lastErr = ""
	if load.Err == nil {
		u.last = crds
	}
	return load, true
}
