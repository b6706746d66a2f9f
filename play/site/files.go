package site

import (
	"embed"
	"io/fs"
	"os"
	"path/filepath"
)

//go:embed static
var static embed.FS

// builtFiles are the files Build writes, served from its directory.
var builtFiles = []string{wasmFile, wasmExec, galleryFile}

// files is the whole site: the page's files embedded in kval, and the
// built ones from dir.
func files(dir string) fs.FS {
	page, _ := fs.Sub(static, "static") // static is always there
	return overlay{page: page, built: os.DirFS(dir)}
}

// overlay serves the built files from one FS and the rest from another.
type overlay struct{ page, built fs.FS }

func (o overlay) Open(name string) (fs.File, error) {
	for _, b := range builtFiles {
		if name == b {
			return o.built.Open(name)
		}
	}
	return o.page.Open(name)
}

// Export writes the static site into dir: every file a file server needs
// to serve the playground.
func Export(builtDir, dir string) error {
	page, _ := fs.Sub(static, "static")
	err := fs.WalkDir(page, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(page, path)
		if err != nil {
			return err
		}
		return exportFile(filepath.Join(dir, filepath.FromSlash(path)), data)
	})
	for _, name := range builtFiles {
		if err != nil {
			return err
		}
		err = copyFile(filepath.Join(builtDir, name), filepath.Join(dir, name))
	}
	return err
}

func exportFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return writeFile(path, data)
}
