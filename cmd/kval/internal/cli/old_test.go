package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	oldA = `{"apiVersion": "example.kval.dev/v1", "kind": "DatabaseList", "items": [` +
		`{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "a", "namespace": "ns"}, "spec": {"engine": "postgres", "version": "16", "primaryZone": "z1"}},` +
		`{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "b"}, "spec": {"engine": "postgres", "version": "16", "primaryZone": "z1"}}]}`
	oldC = "# current\napiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: c, namespace: ns}\nspec: {engine: postgres, version: \"16\", primaryZone: z1}\n"
)

// TestOldObjectsAreReadAgainWhenMatched: old objects of a JSON List and of
// stdin are found by identity (the namespace defaulted) and read again.
func TestOldObjectsAreReadAgainWhenMatched(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "old.json")
	if err := os.WriteFile(file, []byte(oldA), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := strings.NewReplacer("postgres", "mysql", `"16"`, `"17"`)
	objects := filepath.Join(dir, "new.yaml")
	newObjects := changed.Replace(strings.Replace(oldC, "name: c", "name: b", 1)) + "---\n" + changed.Replace(oldC)
	if err := os.WriteFile(objects, []byte(newObjects), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	code := Main([]string{"validate", "--crd", "../../../../examples/crd.yaml", "--old", file, "--old", "-", "-n", "ns", objects},
		strings.NewReader(oldC), &stdout, &stderr)
	if code != ExitInvalid || strings.Count(stdout.String(), "spec.engine: Forbidden: field is immutable") != 2 {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestOldIndexSurvivesHashCollisions: records of different identities
// that share a hash are both kept, and a lookup never returns another
// identity's object.
func TestOldIndexSurvivesHashCollisions(t *testing.T) {
	file := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(file, []byte(oldA), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cat, err := loadCatalog(t.Context(), streams{err: &strings.Builder{}}, crdSources{crds: []string{"../../../../examples/crd.yaml"}})
	if err != nil {
		t.Fatal(err)
	}
	o := &oldObjects{ctx: ctx, cat: cat, namespace: "ns", fileIndex: map[string]int{}, hash: func(string) uint32 { return 42 }}
	var stderr strings.Builder
	if err := o.load(streams{err: &stderr}, []string{file}); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	if len(o.records) != 2 || o.records[1].hash != 42 {
		t.Fatalf("records %v", o.records)
	}
	for _, name := range []string{"a", "b"} {
		obj, err := o.find("example.kval.dev/v1", "Database", "ns", name)
		if err != nil || obj["metadata"].(map[string]any)["name"] != name {
			t.Errorf("%s: %v, %v", name, obj, err)
		}
	}
	if obj, err := o.find("example.kval.dev/v1", "Database", "ns", "c"); obj != nil || err != nil {
		t.Errorf("c: %v, %v", obj, err)
	}
}

func TestOldDuplicatesNameTheirLines(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "first.yaml"), filepath.Join(dir, "second.json")
	if err := os.WriteFile(first, []byte("# x\n---\n"+oldC+"---\n"+strings.Replace(oldC, "name: c", "name: b", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(second, []byte("\n\n"+oldA), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	code := Main([]string{"validate", "--crd", "../../../../examples/crd.yaml", "--old", first, "--old", second, "-n", "ns", "-"}, strings.NewReader(""), &strings.Builder{}, &stderr)
	want := `error: ` + second + `:3 items[1]: old object Database "b" is given twice, first at ` + first + ":9\n"
	if code != ExitBadInput || stderr.String() != want {
		t.Errorf("exit %d, stderr:\n%s\nwant\n%s", code, stderr.String(), want)
	}
}

// widgetCRD serves v1beta1 and v1beta2 of Widget, whose spec.size is
// immutable; conversion is a placeholder replaced by each test.
const widgetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
CONVERSION
  versions:
  - name: v1beta1
    served: true
    storage: false
    schema: &schema
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: string, x-kubernetes-mutability: Immutable}
  - name: v1beta2
    served: true
    storage: true
    schema: *schema
`

// TestOldInAnotherVersion: a stored v1beta2 object (kubectl get -o yaml) is
// the old object of a v1beta1 manifest of the same group, kind, namespace
// and name, converted as conversion None does; with a conversion webhook a
// warning says it is compared as written.
func TestOldInAnotherVersion(t *testing.T) {
	for _, tc := range []struct{ name, conversion, warning string }{
		{"None", "  conversion: {strategy: None}", ""},
		{"no conversion", "", ""},
		{"Webhook", "  conversion: {strategy: Webhook, webhook: {conversionReviewVersions: [v1], clientConfig: {url: 'https://conv.example.com/'}}}",
			"the old object is written in example.com/v1beta2 and kval does not run the conversion webhook's conversion to example.com/v1beta1: it is compared as written, with apiVersion example.com/v1beta1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			crd := writeFile(t, dir, "crd.yaml", strings.Replace(widgetCRD, "CONVERSION", tc.conversion, 1))
			old := writeFile(t, dir, "old.yaml", "apiVersion: example.com/v1beta2\nkind: Widget\nmetadata: {name: w, namespace: default, generation: 4}\nspec: {size: small}\n")
			obj := writeFile(t, dir, "new.yaml", "apiVersion: example.com/v1beta1\nkind: Widget\nmetadata: {name: w}\nspec: {size: large}\n")
			var stdout, stderr strings.Builder
			code := Main([]string{"validate", "-o", "json", "--crd", crd, "--old", old, obj}, strings.NewReader(""), &stdout, &stderr)
			out := stdout.String()
			if code != ExitInvalid || !strings.Contains(out, `"operation": "update"`) || !strings.Contains(out, "field is immutable") {
				t.Errorf("exit %d, want an update rejected for spec.size\n%s%s", code, out, stderr.String())
			}
			if got := strings.Contains(out, "compared as written"); got != (tc.warning != "") || (got && !strings.Contains(out, tc.warning)) {
				t.Errorf("warning %q expected: %v\n%s", tc.warning, tc.warning != "", out)
			}
		})
	}
}
