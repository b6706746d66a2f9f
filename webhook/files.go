package webhook

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdFiles serves the CRDs of files and directories (a mounted ConfigMap,
// say) in a catalog and reloads them when they change, including
// kubelet's atomic symlink swaps.
type crdFiles struct {
	cat   *catalog.Catalog
	paths []string
	every time.Duration // how often the files are checked for changes

	served []string // names of the CRDs last published
}

// CRDFiles is the source of the CRDs of paths in cat, checked for changes
// every interval.
func CRDFiles(cat *catalog.Catalog, paths []string, every time.Duration) Source {
	return &crdFiles{cat: cat, paths: paths, every: every}
}

// Name implements Source.
func (f *crdFiles) Name() string { return "files" }

// Run implements Source.
func (f *crdFiles) Run(ctx context.Context, report func(Load)) {
	pollFiles(ctx, f.paths, f.every, func() Load { return f.load(ctx) }, report)
}

// load reads the files and publishes their CRDs; CRDs that left the files
// are removed.
func (f *crdFiles) load(ctx context.Context) Load {
	crds, problems, err := catalog.ReadFiles(f.paths...)
	if err != nil {
		return Load{Served: len(f.served), Err: fmt.Errorf("%w: %v", err, problems)}
	}
	var load Load
	load, f.served = publish(ctx, f.cat, crds, f.served)
	load.Skipped = warnings(problems)
	return load
}

// warnings are the problems that did not keep the load from working:
// files skipped (a FIFO, a device, a symbolic link loop), bare schemas.
func warnings(problems []schema.Problem) []error {
	var out []error
	for _, p := range problems {
		if p.Warning {
			out = append(out, p.Err)
		}
	}
	return out
}

// publish puts the CRDs a source read into the catalog and removes those
// it served before (served, by name) that it no longer has. It returns the
// load and the names the source serves now.
func publish(ctx context.Context, cat *catalog.Catalog, crds []*schema.CRD, served []string) (Load, []string) {
	names := make([]string, len(crds))
	for i, crd := range crds {
		names[i] = crd.Name()
	}
	var gone []string
	for _, name := range served {
		if !slices.Contains(names, name) {
			gone = append(gone, name)
		}
	}
	refused, err := cat.Update(ctx, crds, gone)
	if err != nil {
		return Load{Served: len(served), Err: err}, served
	}
	return Load{Served: len(names), Refused: refused}, names
}

// pollFiles is the loop of the file sources: it loads the files of paths,
// then loads them again whenever their fingerprint changes, looking every
// interval, until ctx ends.
func pollFiles(ctx context.Context, paths []string, every time.Duration, load func() Load, report func(Load)) {
	last := ""
	poll(ctx, every, func() {
		if print, err := fingerprint(paths); err != nil || print != last {
			last = print
			report(load())
		}
	})
}

// poll is the one polling loop of the sources: step runs now and then
// every interval, until ctx ends.
func poll(ctx context.Context, every time.Duration, step func()) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		step()
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// fingerprint names every file of paths with its resolved target, size and
// modification time: it changes whenever a file's content can have.
func fingerprint(paths []string) (string, error) {
	files, err := manifest.ExpandPaths(paths)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, file := range files {
		target, _ := filepath.EvalSymlinks(file)
		info, err := os.Stat(file)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "%s>%s:%d:%d\n", file, target, info.Size(), info.ModTime().UnixNano())
	}
	return b.String(), nil
}
