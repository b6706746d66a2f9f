package openapi

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// inputSets are the CRD files compared, in sets whose CRDs may be merged
// into group-version documents (a set never defines a CRD twice).
var inputSets = map[string][]string{
	"gateway-api standard":     {"../../testdata/corpus/gateway-api/crds-standard"},
	"gateway-api experimental": {"../../testdata/corpus/gateway-api/crds-experimental"},
	"examples":                 {"../../examples/crd.yaml"},
	"crafted":                  {"testdata"},
}

// crdInput is one CRD document, as kval and as upstream read it.
type crdInput struct {
	source string
	object map[string]any // the document, with kval's extensions
	kval   *schema.CRD
}

// loadSet reads every CRD document of a set of files and directories.
func loadSet(t *testing.T, paths []string) []crdInput {
	t.Helper()
	files, err := manifest.ExpandPaths(paths)
	if err != nil {
		t.Fatal(err)
	}
	var out []crdInput
	for _, file := range files {
		if !strings.HasSuffix(file, ".yaml") {
			continue
		}
		docs, errs := manifest.ReadFile(file)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", file, errs)
		}
		for _, doc := range docs {
			if !schema.IsCRD(doc.Object) {
				continue
			}
			crd, errs := schema.DecodeCRD(doc)
			if len(errs) > 0 {
				t.Fatalf("%s: kval cannot decode: %v", doc.Source, errs)
			}
			out = append(out, crdInput{source: filepath.Base(file), object: doc.Object, kval: crd})
		}
	}
	if len(out) == 0 {
		t.Fatalf("no CRDs in %v", paths)
	}
	return out
}

// stripMutability returns a copy of a JSON value without kval's two
// extensions, and how many it removed.
func stripMutability(v any) (any, int) {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		n := 0
		for k, val := range v {
			if k == "x-kubernetes-mutability" || k == "x-kubernetes-key-mutability" {
				n++
				continue
			}
			stripped, m := stripMutability(val)
			out[k] = stripped
			n += m
		}
		return out, n
	case []any:
		out := make([]any, len(v))
		n := 0
		for i, val := range v {
			stripped, m := stripMutability(val)
			out[i] = stripped
			n += m
		}
		return out, n
	}
	return v, 0
}

// versionSchemaObject returns the raw schema of a version in a CRD document:
// spec.versions[*].schema, or v1beta1's spec.validation.
func versionSchemaObject(obj map[string]any, version string) any {
	spec, _ := obj["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	for _, v := range versions {
		m, _ := v.(map[string]any)
		if m["name"] == version && m["schema"] != nil {
			return m["schema"]
		}
	}
	return spec["validation"]
}
