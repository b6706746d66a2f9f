package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
)

// The tools, by the names -tools takes.
const (
	kval            = "kval"
	kubeconform     = "kubeconform"
	kubectlValidate = "kubectl-validate"
)

var allTools = []string{kval, kubeconform, kubectlValidate}

const (
	kubeconformModule     = "github.com/yannh/kubeconform"
	kubeconformVersion    = "v0.8.0"
	kubectlValidateModule = "sigs.k8s.io/kubectl-validate"
	kubectlValidateVer    = "v0.0.4"
	// kubernetesModule is the release whose published OpenAPI kval embeds
	// (builtin/generate.go): the peers get the same schemas for built-ins.
	kubernetesModule = "k8s.io/kubernetes@v1.36.3"
)

// setup is what the tools need: their binaries, the schemas in each
// tool's format, and the objects the trees are made of.
type setup struct {
	work, root       string // root: the repository
	crds             string // the Gateway API CRDs (experimental channel)
	bin              map[string]string
	schemas          string // kubeconform's JSON schemas, CRDs and built-ins
	kvSchemas, kvCRD string // kubectl-validate's --local-schemas and --local-crds
	kubeconfig       string // an empty kubeconfig: kubectl-validate never finds a cluster
	gateway, builtin []map[string]any
}

func setUp(work string, tools []string, prebuilt bool) (*setup, error) {
	if work == "" {
		dir, err := os.MkdirTemp("", "vspeers-")
		if err != nil {
			return nil, err
		}
		work = dir
	}
	crds, err := corpus.Path("gateway-api", "crds-experimental")
	if err != nil {
		return nil, err
	}
	s := &setup{work: work, crds: crds, bin: map[string]string{},
		schemas: filepath.Join(work, "kubeconform-schemas"), kvSchemas: filepath.Join(work, "kubectl-validate-schemas"),
		kvCRD: filepath.Join(work, "kubectl-validate-crds"), kubeconfig: filepath.Join(work, "empty-kubeconfig")}
	if s.root, err = repoRoot(); err != nil {
		return nil, err
	}
	steps := []func() error{s.readObjects, s.buildKval}
	if prebuilt {
		steps = []func() error{s.readObjects, func() error { return s.usePrebuilt(tools) }}
	} else if slices.Contains(tools, kubeconform) {
		steps = append(steps, s.buildKubeconform, s.writeCRDSchemas, s.writeBuiltinSchemas)
	}
	if !prebuilt && slices.Contains(tools, kubectlValidate) {
		steps = append(steps, s.buildKubectlValidate, s.writeKubectlValidateInputs)
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func repoRoot() (string, error) {
	dir, err := corpus.Dir()
	if err != nil {
		return "", err
	}
	return filepath.Dir(filepath.Dir(dir)), nil // above testdata/corpus
}

func (s *setup) buildKval() error {
	s.bin[kval] = filepath.Join(s.work, "kval")
	return command(s.root, nil, "go", "build", "-o", s.bin[kval], "./cmd/kval")
}

// usePrebuilt takes each tool's binary, and kubeconform's schemas, from the
// work directory as an earlier run left them: for a machine without Go.
func (s *setup) usePrebuilt(tools []string) error {
	needed := []string{s.schemas}
	for _, t := range tools {
		if t == kubectlValidate {
			return fmt.Errorf("-prebuilt: kubectl-validate needs its schemas written by a build: leave it out of -tools")
		}
		s.bin[t] = filepath.Join(s.work, t)
		needed = append(needed, s.bin[t])
	}
	for _, path := range needed {
		if _, err := os.Stat(path); err != nil {
			return fmt.Errorf("-prebuilt: %w (run once without -prebuilt, with the same -work, on a machine with Go)", err)
		}
	}
	return nil
}

// goInstall builds a peer from the Go module proxy into the work directory.
func (s *setup) goInstall(name, pkg string) error {
	s.bin[name] = filepath.Join(s.work, name)
	return command(s.work, []string{"GOBIN=" + s.work, "GOWORK=off"}, "go", "install", pkg)
}

func (s *setup) buildKubeconform() error {
	return s.goInstall(kubeconform, kubeconformModule+"/cmd/kubeconform@"+kubeconformVersion)
}

func (s *setup) buildKubectlValidate() error {
	return s.goInstall(kubectlValidate, kubectlValidateModule+"@"+kubectlValidateVer)
}

// writeCRDSchemas runs kubeconform's openapi2jsonschema.py from its module
// on the Gateway API CRDs.
func (s *setup) writeCRDSchemas() error {
	dir, err := moduleDir(kubeconformModule + "@" + kubeconformVersion)
	if err != nil {
		return err
	}
	files, err := filepath.Glob(filepath.Join(s.crds, "*.yaml"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.schemas, 0o755); err != nil {
		return err
	}
	script := filepath.Join(dir, "scripts", "openapi2jsonschema.py")
	return command(s.schemas, nil, "python3", append([]string{script}, files...)...)
}

// moduleDir downloads a module into the module cache and returns its
// directory.
func moduleDir(module string) (string, error) {
	out, err := exec.Command("go", "mod", "download", "-json", module).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(out, &mod); err != nil {
		return "", fmt.Errorf("go mod download %s: %w", module, err)
	}
	if mod.Dir == "" {
		return "", fmt.Errorf("go mod download %s: no directory: %s", module, mod.Error)
	}
	return mod.Dir, nil
}

// readObjects reads the Gateway API objects of the corpus's examples and
// the built-in objects of testdata/builtin-objects.
func (s *setup) readObjects() error {
	for _, dir := range []string{"examples", "invalid-examples"} {
		path, err := corpus.Path("gateway-api", dir)
		if err != nil {
			return err
		}
		objs, err := readTree(path)
		if err != nil {
			return err
		}
		for _, o := range objs {
			if apiVersion, _ := o["apiVersion"].(string); strings.Contains(apiVersion, "gateway.networking.") {
				s.gateway = append(s.gateway, o)
			}
		}
	}
	var err error
	s.builtin, err = readTree(filepath.Join(s.root, "testdata", "builtin-objects"))
	if err == nil && (len(s.gateway) == 0 || len(s.builtin) == 0) {
		err = fmt.Errorf("no objects: %d Gateway API, %d built-in", len(s.gateway), len(s.builtin))
	}
	return err
}

func readTree(path string) ([]map[string]any, error) {
	files, err := manifest.ExpandPaths([]string{path})
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, f := range files {
		docs, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			return nil, fmt.Errorf("reading %s: %w", f, errs[0])
		}
		for _, d := range docs {
			out = append(out, d.Object)
		}
	}
	return out, nil
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
