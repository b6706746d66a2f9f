//go:build unix

package cli

import (
	"io"
	"io/fs"
	"syscall"
)

// openFile opens a file for reading with the open system call alone.
// os.Open also tries to register the descriptor with the runtime's poller
// and switches it to and from non-blocking mode (five more system calls a
// file, refused by the kernel for regular files anyway); on a tree of
// small files kval validate opens every file twice, and those calls were
// a tenth of its CPU time (issue 30). Errors read as os.Open's and
// os.File.Read's.
func openFile(path string) (io.ReadCloser, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return &plainFile{fd: fd, name: path}, nil
	}
}

// plainFile reads a descriptor with blocking reads.
type plainFile struct {
	fd   int
	name string
}

// maxRead bounds one read, as os.File does: some kernels refuse reads of
// 2 GiB and more.
const maxRead = 1 << 30

func (f *plainFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p[:min(len(p), maxRead)])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

func (f *plainFile) Close() error {
	if f.fd < 0 {
		return nil
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	return err
}
