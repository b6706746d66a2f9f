package site

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"runtime/debug"
	"strings"
)

// module is kval's module path.
const module = "github.com/kval-dev/kval"

// source is where the WebAssembly is built from.
type source struct {
	// Dir is the root of kval's module source.
	Dir string
	// Version is the released version, "" for a checkout.
	Version string
}

// findSource locates the kval source the running binary was built from:
// a released version in the module cache (downloaded if needed), or the
// checkout of kval the working directory is in.
func findSource(ctx context.Context) (source, error) {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Path == module && released(info.Main.Version) {
		dir, err := downloaded(ctx, info.Main.Version)
		return source{Dir: dir, Version: info.Main.Version}, err
	}
	out, err := goCommand(ctx, "", nil, "list", "-m", "-f", "{{.Dir}}", module)
	if err != nil || out == "" {
		return source{}, fmt.Errorf("kval's source not found: run kval play in a checkout of %s, or install a released version (go install %s/cmd/kval@latest): %v", module, module, err)
	}
	return source{Dir: out}, nil
}

func released(version string) bool {
	return version != "" && version != "(devel)" && !strings.Contains(version, "+dirty")
}

// downloaded is the module cache's copy of a released kval.
func downloaded(ctx context.Context, version string) (string, error) {
	out, err := goCommand(ctx, "", nil, "mod", "download", "-json", module+"@"+version)
	if err != nil {
		return "", err
	}
	var m struct{ Dir string }
	if err := json.Unmarshal([]byte(out), &m); err != nil || m.Dir == "" {
		return "", fmt.Errorf("go mod download %s@%s: no source directory in %q", module, version, out)
	}
	return m.Dir, nil
}

// goCommand runs the go command in dir with env added, and returns its
// output, trimmed; the error carries what it printed on stderr.
func goCommand(ctx context.Context, dir string, env []string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(cmd.Environ(), env...)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
