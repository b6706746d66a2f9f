package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
)

const kubeconformModule = "github.com/yannh/kubeconform"
const kubeconformVersion = "v0.8.0"

// setup is what both tools need: their binaries, the CRDs in both
// formats, and the objects the trees are made of.
type setup struct {
	work, kval, kubeconform string
	crds, schemas           string
	objects                 []map[string]any
}

func setUp(work string) (*setup, error) {
	if work == "" {
		dir, err := os.MkdirTemp("", "vskubeconform-")
		if err != nil {
			return nil, err
		}
		work = dir
	}
	crds, err := corpus.Path("gateway-api", "crds-experimental")
	if err != nil {
		return nil, err
	}
	s := &setup{work: work, crds: crds, kval: filepath.Join(work, "kval"), kubeconform: filepath.Join(work, "kubeconform"), schemas: filepath.Join(work, "schemas")}
	for _, step := range []func() error{s.buildKval, s.buildKubeconform, s.writeSchemas, s.readObjects} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *setup) buildKval() error {
	dir, err := corpus.Dir()
	if err != nil {
		return err
	}
	root := filepath.Dir(filepath.Dir(dir)) // above testdata/corpus
	return command(root, nil, "go", "build", "-o", s.kval, "./cmd/kval")
}

func (s *setup) buildKubeconform() error {
	return command(s.work, []string{"GOBIN=" + s.work}, "go", "install", kubeconformModule+"/cmd/kubeconform@"+kubeconformVersion)
}

// writeSchemas runs kubeconform's openapi2jsonschema.py from its module.
func (s *setup) writeSchemas() error {
	out, err := exec.Command("go", "mod", "download", "-json", kubeconformModule+"@"+kubeconformVersion).Output()
	if err != nil {
		return fmt.Errorf("downloading %s: %w", kubeconformModule, err)
	}
	var mod struct{ Dir string }
	if err := json.Unmarshal(out, &mod); err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(s.crds, "*.yaml"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.schemas, 0o755); err != nil {
		return err
	}
	script := filepath.Join(mod.Dir, "scripts", "openapi2jsonschema.py")
	return command(s.schemas, nil, "python3", append([]string{script}, files...)...)
}

// readObjects reads the Gateway API objects of the examples.
func (s *setup) readObjects() error {
	for _, dir := range []string{"examples", "invalid-examples"} {
		path, err := corpus.Path("gateway-api", dir)
		if err != nil {
			return err
		}
		files, err := manifest.ExpandPaths([]string{path})
		if err != nil {
			return err
		}
		for _, f := range files {
			docs, errs := manifest.ReadFile(f)
			if len(errs) > 0 {
				return errs[0]
			}
			for _, d := range docs {
				if apiVersion, _ := d.Object["apiVersion"].(string); strings.Contains(apiVersion, "gateway.networking.") {
					s.objects = append(s.objects, d.Object)
				}
			}
		}
	}
	return nil
}

func command(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}
