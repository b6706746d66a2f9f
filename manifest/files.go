package manifest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// manifestExtensions are the file name extensions read from directories.
var manifestExtensions = []string{".yaml", ".yml", ".json"}

// ExpandPaths turns files and directories into the list of manifest files to
// read, in a stable order: files as given, directories walked recursively in
// lexical order, keeping only .yaml, .yml and .json files and skipping
// directories whose names start with ".." (kubelet's atomic-update
// directories in a mounted ConfigMap). "-" stands for stdin.
// A path that does not exist is an error naming it.
func ExpandPaths(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		if p == Stdin {
			files = append(files, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		found, err := manifestsIn(p)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no .yaml, .yml or .json files in directory", p)
		}
		files = append(files, found...)
	}
	return files, nil
}

func manifestsIn(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), "..") {
			// kubelet's ..data and ..<timestamp> directories of a mounted
			// ConfigMap or Secret: the files beside them link into them.
			return filepath.SkipDir
		}
		if !d.IsDir() && hasManifestExtension(path) {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

func hasManifestExtension(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range manifestExtensions {
		if ext == e {
			return true
		}
	}
	return false
}

// ReadFile reads every document of a file ("-" for stdin).
func ReadFile(path string) ([]Document, []error) {
	if path == Stdin {
		return ReadAll("<stdin>", os.Stdin)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, []error{&Error{Source: Source{File: path, Item: -1}, Err: err}}
	}
	defer f.Close()
	return ReadAll(path, f)
}
