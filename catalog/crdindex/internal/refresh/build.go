package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/kval-dev/kval/catalog/crdindex"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/schema"
)

// copies are the files of a local copy: their paths in it (slash
// separated) to the files of the unpacked modules.
type copies map[string]string

// build reads every project's files.
func build(srcs *sources, latest bool) (*crdindex.Index, copies, error) {
	idx := &crdindex.Index{}
	files := copies{}
	for _, s := range srcs.Projects {
		p, err := project(s, latest, files)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		idx.Projects = append(idx.Projects, *p)
	}
	return idx, files, nil
}

func project(s source, latest bool, files copies) (*crdindex.Project, error) {
	version := s.Version
	if latest {
		version = "latest"
	}
	mod, err := download(s.Module, version)
	if err != nil {
		return nil, err
	}
	names, err := filepath.Glob(filepath.Join(mod.Dir, filepath.FromSlash(s.Dir), s.Match))
	if err != nil {
		return nil, err
	}
	p := &crdindex.Project{Name: s.Name, Version: mod.Version, Repository: s.Repository, License: s.License}
	files[path.Join(p.Name, p.Version, "LICENSE")] = filepath.Join(mod.Dir, "LICENSE")
	for _, name := range names {
		if err := addFile(p, s, name, files); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// addFile adds a file of the module to the project when it holds CRDs
// (a standard folder may hold other kinds, e.g. admission policies).
func addFile(p *crdindex.Project, s source, name string, files copies) error {
	body, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	kinds, err := kindsOf(name, body)
	if err != nil || len(kinds) == 0 {
		return err
	}
	base := filepath.Base(name)
	files[path.Join(p.Name, p.Version, base)] = name
	p.Files = append(p.Files, crdindex.File{
		Path:   path.Join(p.Name, p.Version, base),
		URL:    rawURL(s.Repository, p.Version, path.Join(s.Dir, base)),
		SHA256: crdsource.SHA256(body),
		Kinds:  kinds,
	})
	return nil
}

// kindsOf lists the kinds of a file's CRDs with their served versions.
func kindsOf(name string, body []byte) ([]crdindex.Kind, error) {
	loaded := schema.LoadBytes(name, body)
	if errs := loaded.Errors(); len(errs) > 0 {
		return nil, fmt.Errorf("%s: %v", name, errs[0])
	}
	var kinds []crdindex.Kind
	for _, crd := range loaded.CRDs {
		k := crdindex.Kind{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
		for _, v := range crd.Spec.Versions {
			if v.Served {
				k.Versions = append(k.Versions, v.Name)
			}
		}
		kinds = append(kinds, k)
	}
	return kinds, nil
}

// rawURL is the file at the tag on GitHub, the same bytes as the module's.
func rawURL(repository, tag, file string) string {
	return strings.Replace(repository, "https://github.com/", "https://raw.githubusercontent.com/", 1) + "/" + tag + "/" + file
}
