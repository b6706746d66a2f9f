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
	f, err := openFile(path)
	if err != nil {
		return nil, "", nil, manifest.EscapePathError(err)
	}
	return f, path, func() { f.Close() }, nil
}

// spoolStdin copies stdin to a temporary file, which s then opens for "-",
// so that it can be read more than once; the caller removes the file
// (temps.remove).
// The text is also written to watch, when it is not nil.
func spoolStdin(s *streams, watch io.Writer) (string, error) {
	f, err := os.CreateTemp("", "kval-stdin-*")
	if err != nil {
		return "", err
	}
	temps.add(f.Name()) // removed on SIGINT and SIGTERM as well (tempfiles.go)
	// Plain reads and writes: a read error is then named as a read of stdin.
	var to io.Writer = struct{ io.Writer }{f}
	if watch != nil {
		to = io.MultiWriter(to, watch)
	}
	_, err = io.Copy(to, struct{ io.Reader }{s.in})
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	s.stdinFile = f.Name()
	return f.Name(), err
}
