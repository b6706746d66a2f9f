package kvalbin

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
)

// Build builds cmd/kval into path.
func Build(path string) error {
	build := exec.Command(goCommand(), "build", "-o", path, "github.com/kval-dev/kval/cmd/kval")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building kval: %v\n%s", err, out)
	}
	return nil
}

// goCommand is the go command on PATH, else the running toolchain's.
func goCommand() string {
	if path, err := exec.LookPath("go"); err == nil {
		return path
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}
