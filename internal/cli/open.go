package cli

import (
	"io"
	"os"

	"github.com/kval-dev/kval/manifest"
)

// open opens a path for reading; "-" is the command's stdin.
func open(s streams, path string) (io.Reader, string, func(), error) {
	if path == manifest.Stdin {
		return s.in, "<stdin>", func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, err
	}
	return f, path, func() { f.Close() }, nil
}
