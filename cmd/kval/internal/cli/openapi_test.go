package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestOpenAPIGolden(t *testing.T) {
	const (
		crd         = "../../../../examples/crd.yaml"
		corpusGrant = "../../../../testdata/corpus/gateway-api/crds-standard/gateway.networking.k8s.io_referencegrants.yaml"
	)
	cases := []cliCase{
		{golden: "openapi/examples", args: []string{"openapi", "--crd", crd}},
		{golden: "openapi/examples-yaml", args: []string{"openapi", "--crd", crd, "--group-version", "example.kval.dev/v1", "-o", "yaml"}},
		{golden: "openapi/corpus-yaml", args: []string{"openapi", "--crd", corpusGrant, "-o", "yaml"}},
		{golden: "openapi/unknown-group-version", args: []string{"openapi", "--crd", crd, "--group-version", "example.kval.dev/v2"}},
		{golden: "openapi/malformed-group-version", args: []string{"openapi", "--crd", crd, "--group-version", "v1"}},
		{golden: "openapi/bad-output", args: []string{"openapi", "--crd", crd, "-o", "xml"}},
		{golden: "openapi/no-crd", args: []string{"openapi"}},
		{golden: "openapi/invalid-crd", args: []string{"openapi", "--crd", "testdata/validate/bad-crd.yaml"}},
		{golden: "openapi/conflict", args: []string{"openapi", "--crd", "testdata/openapi/conflict.yaml"}},
		{golden: "openapi/unserved", args: []string{"openapi", "--crd", "testdata/openapi/unserved.yaml"}},
		{golden: "openapi/arguments", args: []string{"openapi", "--crd", crd, "extra"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestOpenAPIPublishesMutabilityWhereTheCRDHasIt reads the example's
// document back: each extension of examples/crd.yaml is on its field.
func TestOpenAPIPublishesMutabilityWhereTheCRDHasIt(t *testing.T) {
	doc := runOpenAPIJSON(t, "openapi", "--crd", "../../../../examples/crd.yaml")
	spec := dig(t, doc, "components", "schemas", "dev.kval.example.v1.Database", "properties", "spec", "properties")
	want := []struct {
		path  []string
		key   string
		value string
	}{
		{[]string{"engine"}, "x-kubernetes-mutability", "Immutable"},
		{[]string{"primaryZone"}, "x-kubernetes-mutability", "AddOnly"},
		{[]string{"migrations"}, "x-kubernetes-key-mutability", "AddOnly"},
		{[]string{"migrations", "items"}, "x-kubernetes-mutability", "Immutable"},
	}
	for _, w := range want {
		node := dig(t, spec, w.path...)
		if got := node.(map[string]any)[w.key]; got != w.value {
			t.Errorf("%s: %s = %v, want %q", strings.Join(w.path, "."), w.key, got, w.value)
		}
	}
}

// TestOpenAPIDocumentsAreSelfContained resolves every $ref of every printed
// document within that document.
func TestOpenAPIDocumentsAreSelfContained(t *testing.T) {
	doc := runOpenAPIJSON(t, "openapi", "--crd", "../../../../examples/crd.yaml")
	schemas := dig(t, doc, "components", "schemas").(map[string]any)
	var check func(v any)
	check = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if ref, ok := v["$ref"].(string); ok {
				if _, found := schemas[strings.TrimPrefix(ref, "#/components/schemas/")]; !found {
					t.Errorf("unresolved $ref %s", ref)
				}
			}
			for _, sub := range v {
				check(sub)
			}
		case []any:
			for _, sub := range v {
				check(sub)
			}
		}
	}
	check(doc)
}

func runOpenAPIJSON(t *testing.T, args ...string) any {
	t.Helper()
	var stdout, stderr strings.Builder
	if code := Main(args, strings.NewReader(""), &stdout, &stderr); code != ExitValid {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var doc any
	if err := json.Unmarshal([]byte(stdout.String()), &doc); err != nil {
		t.Fatalf("output is not one JSON document: %v", err)
	}
	return doc
}

func dig(t *testing.T, v any, path ...string) any {
	t.Helper()
	for _, key := range path {
		m, ok := v.(map[string]any)
		if !ok || m[key] == nil {
			t.Fatalf("no %s in %v", key, path)
		}
		v = m[key]
	}
	return v
}
