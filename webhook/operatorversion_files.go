package webhook

import (
	"context"
	"strings"
	"time"

	"github.com/kval-dev/kval/params"
)

// ovFiles serves KUDO OperatorVersions from files, reloaded when they
// change as the CRD files are: kudo.dev/v1beta1 OperatorVersion objects in
// files and directories, or KUDO package directories (operator.yaml,
// params.yaml, templates/), which serve every namespace as do objects
// without a namespace.
type ovFiles struct {
	paths []string
	every time.Duration
	store *ovStore
}

// OperatorVersionFiles is the source of the OperatorVersions of paths,
// checked for changes every interval, and the Finder that serves them.
func OperatorVersionFiles(paths []string, every time.Duration) (params.Finder, Source) {
	f := &ovFiles{paths: paths, every: every, store: newOVStore("read from " + strings.Join(paths, ", "))}
	return f.store, f
}

// Name implements Source.
func (f *ovFiles) Name() string { return "operator-versions-files" }

// Run implements Source.
func (f *ovFiles) Run(ctx context.Context, report func(Load)) {
	pollFiles(ctx, f.paths, f.every, f.load, report)
}

// load reads every path; a file that cannot be read keeps the previous
// OperatorVersions (a half-written file must not make Instances
// uncheckable), an object that is not a usable OperatorVersion is refused.
func (f *ovFiles) load() Load {
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
