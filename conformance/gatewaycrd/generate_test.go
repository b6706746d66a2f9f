package gatewaycrd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/gen/crd"
)

// packages are those Gateway's generator loads.
var packages = []string{
	gatewayModule + "/apis/v1",
	gatewayModule + "/apis/v1beta1",
	gatewayModule + "/apis/v1alpha2",
	gatewayModule + "/apis/v1alpha3",
	gatewayModule + "/apisx/v1alpha1",
}

var (
	generateOnce sync.Once
	generated    map[string]map[string]any
	generateErr  string
)

// generatedCRDs runs gen/crd once per test binary and returns the CRDs by
// file name, as JSON objects, with Gateway's tweaks applied.
func generatedCRDs(t *testing.T) map[string]map[string]any {
	t.Helper()
	generateOnce.Do(func() { generated, generateErr = generate() })
	if generateErr != "" {
		t.Fatal(generateErr)
	}
	return generated
}

func generate() (map[string]map[string]any, string) {
	res, err := crd.Generate(crd.Options{Patterns: packages, IgnorePrefixes: []string{"gateway:"}, Annotations: approval})
	if err != nil {
		return nil, err.Error()
	}
	if len(res.Problems) > 0 {
		var msgs []string
		for _, p := range res.Problems {
			msgs = append(msgs, p.String())
		}
		return nil, "gen crd: " + strings.Join(msgs, "\n")
	}
	out := map[string]map[string]any{}
	for _, c := range res.CRDs {
		obj, err := jsonObject(c.Object)
		if err != nil {
			return nil, err.Error()
		}
		applyGatewayTweaks(obj)
		out[c.FileName] = obj
	}
	return out, ""
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

// releasedCRDs reads the module's experimental-channel CRDs by file name.
func releasedCRDs(t *testing.T) map[string]map[string]any {
	t.Helper()
	dir := filepath.Join(moduleDir(t), "config", "crd", "experimental")
	files, err := filepath.Glob(filepath.Join(dir, "gateway.networking.*_*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]any{}
	for _, f := range files {
		if strings.Contains(filepath.Base(f), "_vap_") {
			continue // a ValidatingAdmissionPolicy, several documents
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var obj map[string]any
		if err := yaml.Unmarshal(data, &obj); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if obj["kind"] == "CustomResourceDefinition" {
			out[filepath.Base(f)] = obj
		}
	}
	return out
}
