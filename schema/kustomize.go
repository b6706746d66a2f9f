package schema

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kval-dev/kval/manifest"
)

// kustomizationFiles are the names kustomize reads a directory's
// kustomization from, in its order.
var kustomizationFiles = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

// maxKustomizeDepth bounds kustomizations that list directories with
// kustomizations of their own (and cycles).
const maxKustomizeDepth = 16

// KustomizedPaths replaces each directory of paths that holds a
// kustomization (config/crd in a kubebuilder project) by the resources
// the kustomization lists (its bases/, in kubebuilder's layout), read
// without the kustomization's patches: patches/ holds partial CRDs
// (conversion webhook, CA injection) that are not CRDs of their own, and
// kustomizeconfig.yaml and the kustomization itself are not manifests.
// Problems name the kustomization file.
func KustomizedPaths(paths []string) ([]string, []Problem) {
	var out []string
	var problems []Problem
	for _, p := range paths {
		found, errs := kustomized(p, 0)
		out = append(out, found...)
		for _, err := range errs {
			problems = append(problems, Problem{Err: err, Source: manifest.Source{Item: -1}})
		}
	}
	return out, problems
}

// kustomized is path, or, for a directory with a kustomization, the
// resources it lists, each kustomized in turn.
func kustomized(path string, depth int) ([]string, []error) {
	file := kustomizationOf(path)
	if file == "" {
		return []string{path}, nil
	}
	if depth >= maxKustomizeDepth {
		return nil, []error{fmt.Errorf("%s: kustomizations nested more than %d deep", file, maxKustomizeDepth)}
	}
	resources, err := kustomizationResources(file)
	if err != nil {
		return nil, []error{err}
	}
	var out []string
	var errs []error
	for _, r := range resources {
		if strings.Contains(r, "://") || strings.HasPrefix(r, "github.com/") {
			errs = append(errs, fmt.Errorf("%s: remote resource %s is not read: give its CRDs as files or URLs", file, r))
			continue
		}
		found, more := kustomized(filepath.Join(path, r), depth+1)
		out = append(out, found...)
		errs = append(errs, more...)
	}
	return out, errs
}

// kustomizationOf is the kustomization file of directory dir, or "".
func kustomizationOf(dir string) string {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return ""
	}
	for _, name := range kustomizationFiles {
		f := filepath.Join(dir, name)
		if info, err := os.Stat(f); err == nil && info.Mode().IsRegular() {
			return f
		}
	}
	return ""
}

// kustomizationResources reads the resources (and the older bases) a
// kustomization lists.
func kustomizationResources(file string) ([]string, error) {
	docs, errs := manifest.ReadFile(file)
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s: %w", file, errors.Join(errs...))
	}
	if len(docs) != 1 {
		return nil, fmt.Errorf("%s: a kustomization is one YAML document, found %d", file, len(docs))
	}
	var out []string
	for _, key := range []string{"resources", "bases"} {
		list, ok := docs[0].Object[key].([]any)
		if !ok && docs[0].Object[key] != nil {
			return nil, fmt.Errorf("%s: %s: want a list of paths", file, key)
		}
		for i, r := range list {
			s, ok := r.(string)
			if !ok || s == "" {
				return nil, fmt.Errorf("%s: %s[%d]: want a path, got %v", file, key, i, r)
			}
			out = append(out, s)
		}
	}
	return out, nil
}
