package manifest

import (
	"errors"
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
// A path that does not exist is an error naming it. Subdirectories that
// cannot be read do not stop the walk: ExpandPaths returns the files it
// found with an *UnreadableError naming them. The entries of a directory
// that are not regular files, or links out of it, are left out
// (ExpandPathsSkipping says which).
func ExpandPaths(paths []string) ([]string, error) {
	files, _, err := ExpandPathsSkipping(paths)
	return files, err
}

// ExpandPathsSkipping is ExpandPaths that also returns the entries of the
// directories it did not read: a symbolic link that leads out of the
// directory given (a manifests tree must not make kval read /etc/shadow),
// or a link or entry that is no regular file (a FIFO or a device would
// hang the run or never end). Files given by name are read whatever they
// are: a FIFO there is a process substitution, <(helm template .).
func ExpandPathsSkipping(paths []string) ([]string, []SkippedFile, error) {
	var files []string
	w := &walk{unreadable: &UnreadableError{}}
	for _, p := range paths {
		found, err := w.expandPath(p)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, found...)
	}
	if len(w.unreadable.Dirs) > 0 {
		return files, w.skipped, w.unreadable
	}
	return files, w.skipped, nil
}

// SkippedFile is an entry of a directory that ExpandPathsSkipping leaves out.
type SkippedFile struct {
	Path, Reason string
}

func (f SkippedFile) String() string {
	return EscapeName(f.Path) + ": skipped: " + EscapeName(f.Reason)
}

// walk is what the walks of ExpandPathsSkipping found besides files.
type walk struct {
	unreadable *UnreadableError
	skipped    []SkippedFile
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
	return fmt.Sprintf("%s: directory not read: %v", EscapeName(e.Dir), e.Err)
}

func (e *DirError) Unwrap() error { return e.Err }

// expandPath lists the manifest files of one path.
func (w *walk) expandPath(p string) ([]string, error) {
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
	before, skippedBefore := len(w.unreadable.Dirs), len(w.skipped)
	found := w.manifestsIn(p)
	if len(found) == 0 && len(w.unreadable.Dirs) == before && len(w.skipped) == skippedBefore {
		return nil, fmt.Errorf("%s: no .yaml, .yml or .json files in directory", p)
	}
	return found, nil
}

func (w *walk) manifestsIn(dir string) []string {
	var files []string
	root := resolvedRoot(dir)
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			w.unreadable.Dirs = append(w.unreadable.Dirs, &DirError{Dir: path, Err: unwrapPathError(err)})
			return nil
		}
		if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), "..") {
			// kubelet's ..data and ..<timestamp> directories of a mounted
			// ConfigMap or Secret: the files beside them link into them.
			return filepath.SkipDir
		}
		if d.IsDir() || !HasManifestExtension(path) {
			return nil
		}
		if reason := skipReason(root, path, d.Type()); reason != "" {
			w.skipped = append(w.skipped, SkippedFile{Path: path, Reason: reason})
			return nil
		}
		files = append(files, path)
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
	return readFile(path, (*Reader).Next)
}

// ReadFileRaw is ReadFile without decoding (ReadAllRaw).
func ReadFileRaw(path string) ([]Raw, []error) {
	return readFile(path, (*Reader).NextRaw)
}

func readFile[T any](path string, next func(*Reader) (T, error)) ([]T, []error) {
	if path == Stdin {
		return readEvery(NewReader("<stdin>", os.Stdin), next)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, []error{&Error{Source: Source{File: path, Item: -1}, Err: err}}
	}
	defer f.Close()
	return readEvery(newFileReader(path, f), next)
}
