package crdindex

import (
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// Index is the catalog's list of projects and their CRD files.
type Index struct {
	Projects []Project `json:"projects" yaml:"projects"`
}

// Project is one project at one pinned version.
type Project struct {
	Name    string `json:"name" yaml:"name"`
	Version string `json:"version" yaml:"version"`
	// Repository is the project's home (its source repository).
	Repository string `json:"repository" yaml:"repository"`
	// License is the SPDX identifier of the files' license.
	License string `json:"license" yaml:"license"`
	Files   []File `json:"files" yaml:"files"`
}

// File is one CRD file of a project.
type File struct {
	// Path is where the file is in a local copy: PROJECT/VERSION/NAME.
	Path string `json:"path" yaml:"path"`
	// URL is where the project publishes the file.
	URL string `json:"url" yaml:"url"`
	// SHA256 is the hex SHA-256 of the file.
	SHA256 string `json:"sha256" yaml:"sha256"`
	Kinds  []Kind `json:"kinds" yaml:"kinds"`
}

// Kind is a kind a file's CRD defines, with its served versions.
type Kind struct {
	Group    string   `json:"group" yaml:"group"`
	Kind     string   `json:"kind" yaml:"kind"`
	Versions []string `json:"versions" yaml:"versions"`
}

// Entry is a file of the index with its project.
type Entry struct {
	Project *Project
	File    *File
}

// Parse reads an index and checks that every file can be fetched safely.
func Parse(data []byte) (*Index, error) {
	var idx Index
	if err := yaml.UnmarshalStrict(data, &idx); err != nil {
		return nil, fmt.Errorf("catalog index: %w", err)
	}
	for i := range idx.Projects {
		if err := idx.Projects[i].check(); err != nil {
			return nil, fmt.Errorf("catalog index: project %q: %w", idx.Projects[i].Name, err)
		}
	}
	return &idx, nil
}

// Lookup returns the file that defines kind of group in version.
func (idx *Index) Lookup(group, version, kind string) (Entry, bool) {
	for i := range idx.Projects {
		p := &idx.Projects[i]
		for j := range p.Files {
			if p.Files[j].defines(group, version, kind) {
				return Entry{Project: p, File: &p.Files[j]}, true
			}
		}
	}
	return Entry{}, false
}

func (f *File) defines(group, version, kind string) bool {
	return slices.ContainsFunc(f.Kinds, func(k Kind) bool {
		return k.Group == group && k.Kind == kind && slices.Contains(k.Versions, version)
	})
}

var sha256Hex = regexp.MustCompile(`^[0-9a-f]{64}$`)

// check refuses files a hostile index could use to read outside a local
// copy or to fetch anything but http(s).
func (p *Project) check() error {
	for _, f := range p.Files {
		switch {
		case !localPath(f.Path):
			return fmt.Errorf("file path %q: want a relative path with no ..", f.Path)
		case !strings.HasPrefix(f.URL, "https://") && !strings.HasPrefix(f.URL, "http://"):
			return fmt.Errorf("file %s: url %q is not http(s)", f.Path, f.URL)
		case !sha256Hex.MatchString(f.SHA256):
			return fmt.Errorf("file %s: sha256 %q is not 64 lower-case hex digits", f.Path, f.SHA256)
		}
	}
	return nil
}

func localPath(p string) bool {
	return p != "" && path.Clean(p) == p && !path.IsAbs(p) && !strings.HasPrefix(p, "../") && p != ".." && !strings.Contains(p, "\\")
}
