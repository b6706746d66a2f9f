package manifest

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// resolvedRoot is a directory with its symbolic links resolved, the tree
// links in it may point into; "" when it cannot be resolved (every link
// then counts as leading out).
func resolvedRoot(dir string) string {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	return root
}

// skipReason says why a directory entry of type mode is not read, "" when
// it is: an entry that is no regular file, or a link out of root or to
// something that is no regular file. A broken link is read, and its error
// reported.
func skipReason(root, path string, mode fs.FileMode) string {
	if mode&fs.ModeSymlink == 0 {
		if !mode.IsRegular() {
			return "not a regular file (" + fileKind(mode) + ")"
		}
		return ""
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return unresolvedReason(path)
	}
	if !within(root, target) {
		return "a symbolic link out of the directory given (to " + target + "), not followed"
	}
	info, err := os.Stat(target)
	if err != nil || info.Mode().IsRegular() {
		return ""
	}
	return "a symbolic link to something that is not a regular file (" + fileKind(info.Mode()) + ")"
}

// within reports whether path is root or below it.
func within(root, path string) bool {
	if root == "" {
		return false
	}
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// fileKind names the type of a file that is not regular.
func fileKind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "type " + mode.Type().String()
}

// unresolvedReason skips a symbolic link that loops (opening it would
// fail on every reload, and keep a source from ever loading again); a
// link that dangles is read, and fails, as a missing file does (kubelet's
// swap of a mounted ConfigMap never leaves one).
func unresolvedReason(path string) string {
	if _, err := os.Stat(path); errors.Is(err, syscall.ELOOP) {
		return "a symbolic link loop"
	}
	return ""
}
