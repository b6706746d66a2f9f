package crdsource

import (
	"context"
	"fmt"
	"strings"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// ClusterSource is the source that names the live cluster's CRDs.
const ClusterSource = "cluster:"

// Options say how sources are read.
type Options struct {
	// Defer leaves undecoded the CRDs whose identity schema.ScanCRDIdentity
	// reads (schema.LoadFilesDeferred), for catalog.Catalog.Load.
	Defer bool
	// Fetcher fetches URLs; nil fetches with NewFetcher's defaults.
	Fetcher *Fetcher
	// Kubeconfig is the kubeconfig file of the "cluster:" source; empty
	// uses kubectl's rules ($KUBECONFIG, ~/.kube/config, in-cluster).
	Kubeconfig string
}

// IsURL reports whether a source is an http:// or https:// URL.
func IsURL(source string) bool {
	return strings.HasPrefix(source, "http://") || strings.HasPrefix(source, "https://")
}

// Read reads every source: files, directories and charts first (in
// parallel, as schema.LoadFiles reads them), then URLs, then the cluster.
// Every problem is in the result's Problems; a source that cannot be read
// at all is one error problem naming it.
func Read(ctx context.Context, sources []string, opts Options) *schema.Loaded {
	var paths, urls []string
	cluster := false
	out := &schema.Loaded{}
	for _, src := range sources {
		switch {
		case src == ClusterSource:
			cluster = true
		case IsURL(src):
			urls = append(urls, src)
		default:
			dirs, err := chartCRDs(src)
			if err != nil {
				out.Problems = append(out.Problems, sourceProblem(src, err))
			}
			paths = append(paths, dirs...)
		}
	}
	if len(paths) > 0 {
		merge(out, loadFiles(paths, opts.Defer))
	}
	for _, u := range urls {
		merge(out, opts.fetcher().Load(ctx, u, opts.Defer))
	}
	if cluster {
		merge(out, ReadCluster(ctx, opts.Kubeconfig))
	}
	return out
}

func loadFiles(paths []string, deferred bool) *schema.Loaded {
	if deferred {
		return schema.LoadFilesDeferred(paths)
	}
	return schema.LoadFiles(paths)
}

func (o Options) fetcher() *Fetcher {
	if o.Fetcher != nil {
		return o.Fetcher
	}
	return NewFetcher()
}

// merge appends what from read to into.
func merge(into, from *schema.Loaded) {
	into.CRDs = append(into.CRDs, from.CRDs...)
	into.Schemas = append(into.Schemas, from.Schemas...)
	into.Deferred = append(into.Deferred, from.Deferred...)
	into.Problems = append(into.Problems, from.Problems...)
}

// sourceProblem is an error about a whole source.
func sourceProblem(source string, err error) schema.Problem {
	return schema.Problem{Source: whole(source), Err: fmt.Errorf("%s: %w", source, err)}
}

// whole is the source of a whole file, URL or cluster.
func whole(name string) manifest.Source { return manifest.Source{File: name, Item: -1} }
