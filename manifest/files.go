package manifest

import (
	"errors"
	"fmt"
	"io"
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
// A path that does not exist is an error naming it. Subdirectories that
// cannot be read do not stop the walk: ExpandPaths returns the files it
// found with an *UnreadableError naming them.
func ExpandPaths(paths []string) ([]string, error) {
	var files []string
	unreadable := &UnreadableError{}
	for _, p := range paths {
		found, err := expandPath(p, unreadable)
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	if len(unreadable.Dirs) > 0 {
		return files, unreadable
	}
	return files, nil
}

// UnreadableError lists the directories ExpandPaths could not read.
type UnreadableError struct {
	Dirs []*DirError
}

func (e *UnreadableError) Error() string {
	msgs := make([]string, len(e.Dirs))
	for i, err := range e.Dirs {
		msgs[i] = err.Error()
	}
	return strings.Join(msgs, "; ")
}

// DirError is a directory that could not be read.
type DirError struct {
	Dir string
	Err error
}

func (e *DirError) Error() string {
	return fmt.Sprintf("%s: directory not read: %v", e.Dir, e.Err)
}

func (e *DirError) Unwrap() error { return e.Err }

// expandPath lists the manifest files of one path.
func expandPath(p string, unreadable *UnreadableError) ([]string, error) {
	if p == Stdin {
		return []string{p}, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{p}, nil
	}
	before := len(unreadable.Dirs)
	found := manifestsIn(p, unreadable)
	if len(found) == 0 && len(unreadable.Dirs) == before {
		return nil, fmt.Errorf("%s: no .yaml, .yml or .json files in directory", p)
	}
	return found, nil
}

func manifestsIn(dir string, unreadable *UnreadableError) []string {
	var files []string
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			unreadable.Dirs = append(unreadable.Dirs, &DirError{Dir: path, Err: unwrapPathError(err)})
			return nil
		}
		if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), "..") {
			// kubelet's ..data and ..<timestamp> directories of a mounted
			// ConfigMap or Secret: the files beside them link into them.
			return filepath.SkipDir
		}
		if !d.IsDir() && HasManifestExtension(path) {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// unwrapPathError drops the path an *fs.PathError repeats.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// HasManifestExtension reports whether a file in a directory is read as a
// manifest: .yaml, .yml or .json (files given by name are read whatever
// their names).
func HasManifestExtension(path string) bool {
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
	return readFile(path, ReadAll)
}

// ReadFileRaw is ReadFile without decoding (ReadAllRaw).
func ReadFileRaw(path string) ([]Raw, []error) {
	return readFile(path, ReadAllRaw)
}

func readFile[T any](path string, read func(string, io.Reader) ([]T, []error)) ([]T, []error) {
	if path == Stdin {
		return read("<stdin>", os.Stdin)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, []error{&Error{Source: Source{File: path, Item: -1}, Err: err}}
	}
	defer f.Close()
	return read(path, f)
}
