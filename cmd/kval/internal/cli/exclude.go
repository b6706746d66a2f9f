package cli

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kval-dev/kval/manifest"
)

// --exclude GLOB leaves files out of the input, as kubeconform's
// -ignore-filename-pattern does: a real tree holds Helm templates,
// Chart.yaml, values.yaml, kustomization.yaml and JSON configs beside the
// manifests. A glob without "/" matches any one name in a file's path (a
// file or a directory: "values*.yaml", "templates"); one with "/" matches
// as many consecutive names ("charts/*/templates"). Globs are path.Match's.

// checkExcludes refuses a glob path.Match cannot read.
func checkExcludes(globs []string) error {
	for _, g := range globs {
		if _, err := path.Match(g, ""); err != nil || g == "" {
			return badInput("--exclude %q is not a glob (path.Match's syntax: *, ?, [a-z], \\)", g)
		}
	}
	return nil
}

// excluded reports whether a glob of globs matches file; stdin never is.
func excluded(globs []string, file string) bool {
	if file == manifest.Stdin {
		return false
	}
	names := strings.Split(filepath.ToSlash(filepath.Clean(file)), "/")
	return slices.ContainsFunc(globs, func(g string) bool { return matchesNames(g, names) })
}

// matchesNames reports whether glob matches consecutive names of a path.
func matchesNames(glob string, names []string) bool {
	n := strings.Count(glob, "/") + 1
	for i := 0; i+n <= len(names); i++ {
		if ok, _ := path.Match(glob, strings.Join(names[i:i+n], "/")); ok {
			return true
		}
	}
	return false
}

// withoutExcluded drops the files globs exclude.
func withoutExcluded(globs, files []string) []string {
	if len(globs) == 0 {
		return files
	}
	return slices.DeleteFunc(files, func(f string) bool { return excluded(globs, f) })
}
