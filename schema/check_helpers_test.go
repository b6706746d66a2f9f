package schema

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/manifest"
)

// Paths of the schemas in the test CRDs.
const (
	rootPath = "spec.validation.openAPIV3Schema"
	specPath = rootPath + ".properties[spec]"
)

// checkModel runs this package's checks with no stage plugged in: defaults
// and rule compilation are lint's (and conformance/crdvalidation's) to test.
func checkModel(crd *CRD) field.ErrorList {
	return crd.CheckPartial(CheckOptions{})
}

// checkCase is one table test: a CRD and the errors checkModel must give, as
// field.Error strings (upstream's exact messages, cross-checked by
// conformance/crdvalidation).
type checkCase struct {
	name string
	crd  string
	want []string
}

func runCheckCases(t *testing.T, cases []checkCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := errorStrings(checkModel(loadCRD(t, c.crd)))
			assertErrors(t, got, c.want)
		})
	}
}

func assertErrors(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors differ\ngot:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

func errorStrings(errs field.ErrorList) []string {
	out := []string{}
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// loadCRD decodes a CRD from YAML and fails the test on load errors.
func loadCRD(t *testing.T, doc string) *CRD {
	t.Helper()
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
		t.Fatalf("bad test YAML: %v", err)
	}
	crd, errs := DecodeCRD(manifest.Document{Object: normalizeNumbers(obj).(map[string]any)})
	if len(errs) > 0 {
		t.Fatalf("load errors: %v", errs)
	}
	return crd
}

// normalizeNumbers turns float64 integers from sigs.k8s.io/yaml into int64,
// as the manifest reader does.
func normalizeNumbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = normalizeNumbers(x)
		}
	case []any:
		for i, x := range v {
			v[i] = normalizeNumbers(x)
		}
	case float64:
		if v == float64(int64(v)) {
			return int64(v)
		}
	}
	return v
}

// crdWith returns a valid v1 CRD whose schema has the given spec property
// (indented YAML, as it appears under properties.spec).
func crdWith(specSchema string) string {
	return crdWithRoot("type: object\nproperties:\n  spec:\n" + indent(specSchema, "    "))
}

// crdWithRoot returns a valid v1 CRD with the given openAPIV3Schema.
func crdWithRoot(rootSchema string) string {
	return `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foos.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
` + indent(rootSchema, "        ")
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.Trim(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n") + "\n"
}
