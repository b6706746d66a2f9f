//go:build !unix

package cli

import (
	"io"
	"os"
)

// openFile opens a file for reading (see open_unix.go).
func openFile(path string) (io.ReadCloser, error) {
	return os.Open(path)
}
