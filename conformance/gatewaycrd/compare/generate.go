package compare

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/gen/crd"
)

// Module is Gateway API's Go module.
const Module = "sigs.k8s.io/gateway-api"

// Packages are those Gateway's generator loads.
var Packages = []string{
	Module + "/apis/v1",
	Module + "/apis/v1beta1",
	Module + "/apis/v1alpha2",
	Module + "/apis/v1alpha3",
	Module + "/apisx/v1alpha1",
}

// Generate is GenerateChannel for the experimental channel.
func Generate(packages []string, annotations map[string]string) (map[string]map[string]any, error) {
	return GenerateChannel(Experimental, packages, annotations)
}

// GenerateChannel runs gen/crd on packages (the go command resolves them in the
// calling test's module, so at that module's Gateway API version) and
// returns the CRDs by file name, as JSON objects, with Gateway's tweaks
// for the channel applied (the standard channel has only the CRDs of its
// group). annotations are added to every CRD (the
// api-approved.kubernetes.io annotation Gateway's generator sets:
// kube-apiserver refuses a *.k8s.io group's CRD without it, and no marker
// in the Go types gives it).
func GenerateChannel(channel *Channel, packages []string, annotations map[string]string) (map[string]map[string]any, error) {
	res, err := crd.Generate(crd.Options{Patterns: packages, IgnorePrefixes: []string{"gateway:"}, Annotations: annotations, TypeMarkers: channel.typeMarkers})
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
		obj, err := jsonObject(c.Object)
		if err != nil {
			return nil, err
		}
		if channel == Standard && dig(obj, "spec")["group"] != standardGroup {
			continue
		}
		channel.applyGatewayTweaks(obj)
		out[c.FileName] = obj
	}
	return out, nil
}

// jsonObject makes numbers float64, as a decoded YAML file has them.
func jsonObject(v any) (map[string]any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(data, &out)
}

// ReadCRDs reads the CRDs of a released channel's directory (the module's
// config/crd/experimental or config/crd/standard, or the corpus's copy) by file name; the
// ValidatingAdmissionPolicy files beside them are skipped.
func ReadCRDs(dir string) (map[string]map[string]any, error) {
	files, err := filepath.Glob(filepath.Join(dir, "gateway.networking.*_*.yaml"))
	if err != nil {
		return nil, err
	}
	out := map[string]map[string]any{}
	for _, f := range files {
		if strings.Contains(filepath.Base(f), "_vap_") {
			continue // a ValidatingAdmissionPolicy, several documents
		}
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var obj map[string]any
		if err := yaml.Unmarshal(data, &obj); err != nil {
			return nil, fmt.Errorf("%s: %v", f, err)
		}
		if obj["kind"] == "CustomResourceDefinition" {
			out[filepath.Base(f)] = obj
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no CRD in %s", dir)
	}
	return out, nil
}

// ModuleDir is a module's directory in the module cache, as the go command
// resolves it in the current directory's module: the released CRDs and the
// examples are read from there, never copied.
func ModuleDir(module string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %v", module, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("%s is not downloaded: run go mod download", module)
	}
	return dir, nil
}
