package cli

import (
	"io"
	"os"

	"github.com/kval-dev/kval/manifest"
)

// stdinName names stdin in messages.
const stdinName = "<stdin>"

// open opens a path for reading; "-" is the command's stdin.
func open(s streams, path string) (io.Reader, string, func(), error) {
	if path == manifest.Stdin && s.stdinFile != "" {
		f, err := os.Open(s.stdinFile)
		return f, stdinName, func() { f.Close() }, err
	}
	if path == manifest.Stdin {
		return s.in, stdinName, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil, manifest.EscapePathError(err)
	}
	return f, path, func() { f.Close() }, nil
}
