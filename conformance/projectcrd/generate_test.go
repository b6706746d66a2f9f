package projectcrd

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/gen/crd"
)

// generate runs gen/crd and returns the CRDs by file name, as JSON
// objects (numbers float64, as a decoded YAML file has them).
func generate(opts crd.Options) (map[string]map[string]any, error) {
	res, err := crd.Generate(opts)
	if err != nil {
		return nil, err
	}
	if len(res.Problems) > 0 {
		var msgs []string
		for _, p := range res.Problems {
			msgs = append(msgs, p.String())
		}
		return nil, errors.New("gen crd: " + strings.Join(msgs, "\n"))
	}
	out := map[string]map[string]any{}
	for _, c := range res.CRDs {
		data, err := json.Marshal(c.Object)
		if err != nil {
			return nil, err
		}
		var obj map[string]any
		if err := json.Unmarshal(data, &obj); err != nil {
			return nil, err
		}
		out[c.FileName] = obj
	}
	return out, nil
}

// toolAnnotation names the controller-gen that wrote a released file.
const toolAnnotation = "controller-gen.kubebuilder.io/version"

// readCRDs reads the CRD files of a directory by file name, without the
// tool annotation.
func readCRDs(dir string) (map[string]map[string]any, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]any{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var obj map[string]any
		if err := yaml.Unmarshal(data, &obj); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if obj["kind"] != "CustomResourceDefinition" {
			continue
		}
		meta, _ := obj["metadata"].(map[string]any)
		if ann, ok := meta["annotations"].(map[string]any); ok {
			delete(ann, toolAnnotation)
			if len(ann) == 0 {
				delete(meta, "annotations")
			}
		}
		out[filepath.Base(f)] = obj
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no CRD in %s", dir)
	}
	return out, nil
}

// TestMain turns the workspace off for the go commands the tests run in
// the modules of testdata (go/packages' and moduleDir's): those modules
// are no part of it, and their go.mod must decide every version.
func TestMain(m *testing.M) {
	os.Setenv("GOWORK", "off")
	os.Exit(m.Run())
}

// moduleDir is a module's directory in the module cache, at the version
// the module in dir requires.
func moduleDir(t *testing.T, dir, module string) string {
	t.Helper()
	cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", module, err)
	}
	moduleDir := strings.TrimSpace(string(out))
	if moduleDir == "" {
		t.Fatalf("%s is not downloaded: run go mod download in %s", module, dir)
	}
	return moduleDir
}

// once runs a generation once per test binary.
func once(opts crd.Options) func(t *testing.T) map[string]map[string]any {
	gen := sync.OnceValues(func() (map[string]map[string]any, error) { return generate(opts) })
	return func(t *testing.T) map[string]map[string]any {
		t.Helper()
		crds, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		return crds
	}
}
