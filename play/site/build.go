package site

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/kval-dev/kval/play"
)

// Names of the files Build writes beside the page's.
const (
	wasmFile    = "kval.wasm"
	wasmExec    = "wasm_exec.js"
	galleryFile = "gallery.json"
)

// Build compiles the engine to WebAssembly and writes the gallery, into a
// directory of the user's cache that it returns. Status lines (what is
// being built) go to log.
func Build(ctx context.Context, log func(string)) (string, error) {
	src, err := findSource(ctx)
	if err != nil {
		return "", err
	}
	dir, err := cacheDir(src)
	if err != nil {
		return "", err
	}
	if src.Version != "" && complete(dir) {
		return dir, nil
	}
	log(fmt.Sprintf("building the WebAssembly engine from %s into %s", src.Dir, dir))
	if err := buildInto(ctx, src, dir); err != nil {
		return "", err
	}
	return dir, nil
}

// cacheDir is the user's cache directory for one source: its version, or
// a checkout's path.
func cacheDir(src source) (string, error) {
	root, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the WebAssembly engine: %w", err)
	}
	key := src.Version
	if key == "" {
		sum := sha256.Sum256([]byte(src.Dir))
		key = "checkout-" + hex.EncodeToString(sum[:6])
	}
	dir := filepath.Join(root, "kval", "play", key)
	return dir, os.MkdirAll(dir, 0o755)
}

// complete says whether dir holds a whole build.
func complete(dir string) bool {
	for _, name := range []string{wasmFile, wasmExec, galleryFile} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			return false
		}
	}
	return true
}

// buildInto writes the three built files of the site into dir.
func buildInto(ctx context.Context, src source, dir string) error {
	env := []string{"GOOS=js", "GOARCH=wasm"}
	if _, err := goCommand(ctx, src.Dir, env, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, wasmFile), "./play/wasm"); err != nil {
		return err
	}
	goroot, err := goCommand(ctx, src.Dir, nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	if err := copyFile(filepath.Join(goroot, "lib", "wasm", wasmExec), filepath.Join(dir, wasmExec)); err != nil {
		return err
	}
	return writeGallery(src.Dir, filepath.Join(dir, galleryFile))
}

func copyFile(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return writeFile(to, data)
}

// writeFile replaces a file whole, so that a server never sends half of it.
func writeFile(path string, data []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// galleryEntry is one example as the page reads it.
type galleryEntry struct {
	ID    string `json:"id"`
	Title string `json:"title"`
	Note  string `json:"note,omitempty"`
	CRD   string `json:"crd"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new"`
}

// writeGallery writes play.Gallery with the texts of its files.
func writeGallery(srcDir, path string) error {
	entries := make([]galleryEntry, 0, len(play.Gallery))
	read := func(rel string) (string, error) {
		if rel == "" {
			return "", nil
		}
		data, err := os.ReadFile(filepath.Join(srcDir, filepath.FromSlash(rel)))
		return string(data), err
	}
	for _, ex := range play.Gallery {
		e := galleryEntry{ID: ex.ID, Title: ex.Title, Note: ex.Note}
		var errs [3]error
		e.CRD, errs[0] = read(ex.CRD)
		e.Old, errs[1] = read(ex.Old)
		e.New, errs[2] = read(ex.New)
		for _, err := range errs {
			if err != nil {
				return fmt.Errorf("gallery example %s: %w", ex.ID, err)
			}
		}
		entries = append(entries, e)
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return err
	}
	return writeFile(path, data)
}
