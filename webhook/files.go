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

// FileSource serves the CRDs of files and directories (a mounted ConfigMap,
// say) and reloads them when they change, including kubelet's atomic
// symlink swaps.
type FileSource struct {
	Paths []string
	// Interval is how often the files are checked for changes.
	Interval time.Duration

	served []string // names of the CRDs last published
}

// Name implements Source.
func (f *FileSource) Name() string { return "files" }

// Run implements Source: it loads the files, then reloads them whenever
// their fingerprint changes.
func (f *FileSource) Run(ctx context.Context, cat *catalog.Catalog, report func(Load)) {
	last := ""
	tick := time.NewTicker(f.Interval)
	defer tick.Stop()
	for {
		if print, err := fingerprint(f.Paths); err != nil || print != last {
			last = print
			report(f.load(ctx, cat))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// load reads the files and publishes their CRDs; CRDs that left the files
// are removed.
func (f *FileSource) load(ctx context.Context, cat *catalog.Catalog) Load {
	crds, problems, err := catalog.ReadFiles(f.Paths...)
	if err != nil {
		return Load{Served: len(f.served), Err: fmt.Errorf("%w: %v", err, problems)}
	}
	var load Load
	load, f.served = publish(ctx, cat, crds, f.served)
	return load
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
