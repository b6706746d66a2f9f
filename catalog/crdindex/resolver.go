package crdindex

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/schema"
)

// Resolver serves the index's kinds to a catalog (catalog.Resolver): it
// reads the file of a kind from a local copy (Dir), from a mirror of one
// (Mirror), or from its upstream URL, checks its SHA-256 and decodes its
// CRDs.
type Resolver struct {
	Index *Index
	// Dir is a local copy to read files from, with no network.
	Dir string
	// Mirror is the base URL of a local copy served over HTTP; files are
	// fetched from there instead of upstream.
	Mirror string
	// Fetcher fetches URLs (with its cache); nil uses crdsource's defaults.
	Fetcher *crdsource.Fetcher
	// Fetched, when set, is told once of every file the resolver reads.
	Fetched func(Fetch)
	told    sync.Map
}

// Fetch is a file the resolver read, for the run to say so.
type Fetch struct {
	Project *Project
	File    *File
	// From is the path or URL it was read from.
	From string
}

// Resolve returns the CRDs of the file that defines the kind; none when
// the index knows no such kind.
func (r *Resolver) Resolve(ctx context.Context, group, version, kind string) ([]*schema.CRD, error) {
	e, ok := r.Index.Lookup(group, version, kind)
	if !ok {
		return nil, nil
	}
	body, from, err := r.read(ctx, e.File)
	if err != nil {
		return nil, fmt.Errorf("catalog: %s %s: %w", e.Project.Name, e.Project.Version, err)
	}
	r.tell(Fetch{Project: e.Project, File: e.File, From: from})
	return decode(from, body)
}

// read reads a file from where the resolver is told to.
func (r *Resolver) read(ctx context.Context, f *File) ([]byte, string, error) {
	if r.Dir != "" {
		return readLocal(r.Dir, f)
	}
	url := f.URL
	if r.Mirror != "" {
		url = strings.TrimSuffix(r.Mirror, "/") + "/" + f.Path
	}
	body, err := r.fetcher().FetchPinned(ctx, url, f.SHA256)
	return body, url, err
}

func (r *Resolver) fetcher() *crdsource.Fetcher {
	if r.Fetcher != nil {
		return r.Fetcher
	}
	return crdsource.NewFetcher()
}

func (r *Resolver) tell(f Fetch) {
	if _, told := r.told.LoadOrStore(f.File.Path, true); !told && r.Fetched != nil {
		r.Fetched(f)
	}
}

// decode reads the CRDs of a file; a file with an unusable document is
// an error, since the index promised CRDs.
func decode(from string, body []byte) ([]*schema.CRD, error) {
	loaded := schema.LoadBytes(from, body)
	if errs := loaded.Errors(); len(errs) > 0 {
		return nil, fmt.Errorf("%s: %v", from, errs[0])
	}
	if len(loaded.CRDs) == 0 {
		return nil, fmt.Errorf("%s: no %s in the file", from, schema.CRDKind)
	}
	return loaded.CRDs, nil
}
