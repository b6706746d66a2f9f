package cli

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/manifest"
)

// gitFile is a manifest of a git revision: its path (relative to the
// current directory, as the user's paths are) and blob.
type gitFile struct {
	path, blob string
}

// runGit runs git in the current directory with stdin as its input and
// returns its output; a failure says what git said.
func runGit(ctx context.Context, stdin io.Reader, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Stdin = stdin
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if errors.Is(err, exec.ErrNotFound) {
		return nil, fmt.Errorf("git is not installed (or not on PATH)")
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("git %s: %s", args[0], msg)
	}
	return out, nil
}

// resolveRevision checks that the current directory is in a git work
// tree that has the commit ref names, and returns the commit.
func resolveRevision(ctx context.Context, ref string) (string, error) {
	if _, err := runGit(ctx, nil, "rev-parse", "--is-inside-work-tree"); err != nil {
		return "", fmt.Errorf("--base %s: the current directory is not in a git work tree: %v", ref, err)
	}
	out, err := runGit(ctx, nil, "rev-parse", "--verify", "--quiet", "--end-of-options", ref+"^{commit}")
	if err != nil {
		return "", fmt.Errorf("--base %s: no such commit in this repository; on a shallow checkout, fetch it first (git fetch --depth=1 origin BRANCH, or actions/checkout with fetch-depth: 2 and --base HEAD^1 on a pull request's merge commit)", ref)
	}
	return strings.TrimSpace(string(out)), nil
}

// listRevision lists the manifests under paths at commit: the files given
// by name, and the .yaml, .yml and .json files of directories, as the
// paths are read in the work tree. A path the commit does not have lists
// nothing: its objects are all new.
func listRevision(ctx context.Context, commit string, paths []string) ([]gitFile, error) {
	args := append([]string{"ls-tree", "-r", "-z", "--end-of-options", commit, "--"}, paths...)
	out, err := runGit(ctx, nil, args...)
	if err != nil {
		return nil, err
	}
	named := map[string]bool{}
	for _, p := range paths {
		named[filepath.Clean(p)] = true
	}
	var files []gitFile
	for _, entry := range bytes.Split(out, []byte{0}) {
		meta, path, ok := strings.Cut(string(entry), "\t")
		fields := strings.Fields(meta)
		// Only regular files: not links (120000), submodules or trees.
		if !ok || len(fields) != 3 || fields[1] != "blob" || fields[0] == "120000" {
			continue
		}
		if named[filepath.Clean(path)] || manifest.HasManifestExtension(path) {
			files = append(files, gitFile{path: path, blob: fields[2]})
		}
	}
	return files, nil
}

// extractBlobs writes the files' contents into dir, one file each named
// by its index, with one git process for all.
func extractBlobs(ctx context.Context, files []gitFile, dir string) error {
	var ids bytes.Buffer
	for _, f := range files {
		ids.WriteString(f.blob + "\n")
	}
	cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch")
	cmd.Stdin = &ids
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git cat-file: %v", err)
	}
	in := bufio.NewReader(stdout)
	for i, f := range files {
		if err = copyBlob(in, filepath.Join(dir, strconv.Itoa(i))); err != nil {
			err = fmt.Errorf("git cat-file %s (%s): %v", f.blob, f.path, err)
			break
		}
	}
	io.Copy(io.Discard, stdout)
	if waitErr := cmd.Wait(); err == nil && waitErr != nil {
		err = fmt.Errorf("git cat-file: %v: %s", waitErr, strings.TrimSpace(stderr.String()))
	}
	return err
}

// copyBlob copies one object of git cat-file --batch's output
// ("<oid> blob <size>\n<content>\n") to a file.
func copyBlob(in *bufio.Reader, path string) error {
	header, err := in.ReadString('\n')
	if err != nil {
		return err
	}
	fields := strings.Fields(header)
	if len(fields) != 3 || fields[1] != "blob" {
		return fmt.Errorf("unexpected answer %q", strings.TrimSpace(header))
	}
	size, err := strconv.ParseInt(fields[2], 10, 64)
	if err != nil {
		return err
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	_, err = io.CopyN(out, in, size)
	if closeErr := out.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		_, err = in.Discard(1) // the newline after the content
	}
	return err
}
