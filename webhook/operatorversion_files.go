package webhook

import (
	"context"
	"time"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/params"
)

// OperatorVersionFiles serves KUDO OperatorVersions from files, reloaded
// when they change as FileSource reloads CRDs: kudo.dev/v1beta1
// OperatorVersion objects in files and directories, or KUDO package
// directories (operator.yaml, params.yaml, templates/), which serve every
// namespace as do objects without a namespace.
type OperatorVersionFiles struct {
	paths    []string
	interval time.Duration // how often the files are checked for changes
	store    *ovStore
}

// NewOperatorVersionFiles returns the source of the OperatorVersions of
// paths, checked for changes every interval.
func NewOperatorVersionFiles(paths []string, interval time.Duration) *OperatorVersionFiles {
	return &OperatorVersionFiles{paths: paths, interval: interval, store: newOVStore("read from the --operator-versions files")}
}

// Name implements Source.
func (f *OperatorVersionFiles) Name() string { return "operator-versions-files" }

// OperatorVersion implements OperatorVersions.
func (f *OperatorVersionFiles) OperatorVersion(ctx context.Context, namespace, name string) (*params.OperatorVersion, error) {
	return f.store.OperatorVersion(ctx, namespace, name)
}

// Run implements Source: it loads the files, then reloads them whenever
// their fingerprint changes. The catalog is not used.
func (f *OperatorVersionFiles) Run(ctx context.Context, _ *catalog.Catalog, report func(Load)) {
	last := ""
	tick := time.NewTicker(f.interval)
	defer tick.Stop()
	for {
		if print, err := fingerprint(f.paths); err != nil || print != last {
			last = print
			report(f.load())
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// load reads every path; a file that cannot be read keeps the previous
// OperatorVersions (a half-written file must not make Instances
// uncheckable), an object that is not a usable OperatorVersion is refused.
func (f *OperatorVersionFiles) load() Load {
	var ovs []*params.OperatorVersion
	var refused []error
	for _, path := range f.paths {
		found, bad, err := params.ReadOperatorVersions(path)
		if err != nil {
			return Load{Served: f.store.len(), Unit: ovUnit, Err: err}
		}
		ovs, refused = append(ovs, found...), append(refused, bad...)
	}
	f.store.replace(ovs)
	return Load{Served: len(ovs), Unit: ovUnit, Refused: refused}
}

const ovUnit = "OperatorVersions"
