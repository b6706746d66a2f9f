package cli

import (
	"errors"
	"io"
	"os"
	"slices"

	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// inputCRDs reads the CRDs among the objects of a run before the run, so
// that they serve its custom resources in any order (crdsource.Combine):
// stdin is copied to a file that the run then reads in its place, and
// only files that name the CRD kind are cut into documents. The files are
// read by up to jobs goroutines, the run's workers, and their CRDs taken
// in the order of the files, so what serves and what conflicts does not
// depend on jobs. Files that cannot be read are left to the run, which
// reports them. The returned function removes the copy of stdin.
func inputCRDs(s *streams, args []string, jobs int) (*schema.Loaded, func(), error) {
	cleanup := func() {}
	stdin := &crdsource.Detector{}
	if slices.Contains(args, manifest.Stdin) {
		path, err := spoolStdin(s, stdin)
		cleanup = func() { temps.remove(path) }
		if err != nil {
			cleanup()
			return nil, nil, badInput("%s: reading stopped: %v", stdinName, err)
		}
	}
	files, _ := manifest.ExpandPaths(args)
	files = withoutExcluded(s.exclude, files)
	named := map[string]bool{}
	for _, a := range args {
		named[a] = true
	}
	found := make([]*crdsource.Input, len(files))
	eachIndex(jobs, len(files), func(i int) { found[i] = fileCRDs(*s, files[i], named[files[i]], stdin.Found) })
	in := &crdsource.Input{}
	for _, f := range found {
		in.Append(f)
	}
	return in.Loaded(), cleanup, nil
}

// fileCRDs returns the CRDs of one input file, or nil when it names no
// CRD; stdin, already spooled, names one when stdinHolds. A file found in
// a directory is a regular file (manifest.ExpandPaths leaves out the
// others); one given by name may not be.
func fileCRDs(s streams, file string, named, stdinHolds bool) *crdsource.Input {
	if file == manifest.Stdin && !stdinHolds || file != manifest.Stdin && !holdsCRD(s, file, named) {
		return nil
	}
	in := &crdsource.Input{}
	scanFile(s, file, in)
	return in
}

// holdsCRD reports whether a file names the CRD kind. A file given by
// name (named) that is not a regular file (a FIFO: a process
// substitution, <(helm template .)) is not read here: it can be read only
// once, by the run itself.
func holdsCRD(s streams, file string, named bool) bool {
	if named && !isRegularFile(file) {
		return false
	}
	r, _, closeFn, err := open(s, file)
	if err != nil {
		return false
	}
	defer closeFn()
	found, _ := crdsource.MayHoldCRD(r)
	return found
}

func isRegularFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}

// scanFile hands the documents of a file to in.
func scanFile(s streams, file string, in *crdsource.Input) {
	r, name, closeFn, err := open(s, file)
	if err != nil {
		return
	}
	defer closeFn()
	reader := manifest.NewReader(name, r)
	for {
		raw, err := reader.NextRaw()
		if err != nil {
			var readErr *manifest.ReadError
			if errors.As(err, &readErr) || err == io.EOF {
				return
			}
			continue
		}
		in.Add(raw)
	}
}
