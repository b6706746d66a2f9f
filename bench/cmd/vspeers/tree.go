package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"sigs.k8s.io/yaml"
)

// filesPerDir is how many files a directory of a tree holds.
const filesPerDir = 100

// tree writes n files of one object each, unless the tree exists already:
// Gateway API and built-in objects alternate, each list cycled through,
// each object renamed to a unique name.
func (s *setup) tree(n int) (string, error) {
	dir := filepath.Join(s.work, "tree-"+strconv.Itoa(n))
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	}
	tmp := dir + ".partial"
	if err := os.RemoveAll(tmp); err != nil {
		return "", err
	}
	for i := range n {
		if err := s.writeObject(tmp, i); err != nil {
			return "", err
		}
	}
	return dir, os.Rename(tmp, dir)
}

func (s *setup) writeObject(tree string, i int) error {
	objs := s.gateway
	if i%2 == 1 {
		objs = s.builtin
	}
	obj := objs[(i/2)%len(objs)]
	meta, _ := obj["metadata"].(map[string]any)
	renamed := map[string]any{}
	for k, v := range obj {
		renamed[k] = v
	}
	named := map[string]any{}
	for k, v := range meta {
		named[k] = v
	}
	named["name"] = fmt.Sprintf("%v-%d", meta["name"], i)
	renamed["metadata"] = named
	data, err := yaml.Marshal(renamed)
	if err != nil {
		return err
	}
	dir := filepath.Join(tree, fmt.Sprintf("d%04d", i/filesPerDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, fmt.Sprintf("o%06d.yaml", i)), data, 0o644)
}
