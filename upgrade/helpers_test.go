package upgrade

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// crdYAML is a small CRD; %VERSIONS% is replaced by the versions given,
// each with the same schema (spec: %SPEC%).
const crdYAML = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: %SCOPE%
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions: %VERSIONS%
`

const defaultSpec = `
type: object
required: [size]
properties:
  size: {type: integer, minimum: 1, maximum: 10}
  color: {type: string, enum: [red, green, blue]}
  name: {type: string, pattern: '^[a-z]+$', maxLength: 20}
  ports:
    type: array
    x-kubernetes-list-type: map
    x-kubernetes-list-map-keys: [port]
    items: {type: object, required: [port], properties: {port: {type: integer}, protocol: {type: string}}}
  tags: {type: array, items: {type: string}}
x-kubernetes-validations:
- {rule: 'self.size <= 10', message: too big}
`

// version renders one spec.versions entry.
func version(name string, served, storage bool, spec string) string {
	root := "{type: object, properties: {spec: " + flow(spec) + "}}"
	return "{name: " + name + ", served: " + bool2(served) + ", storage: " + bool2(storage) + ", schema: {openAPIV3Schema: " + root + "}}"
}

// flow turns a block YAML schema into flow style through JSON.
func flow(block string) string {
	var v any
	if err := yaml.Unmarshal([]byte(block), &v); err != nil {
		panic(err)
	}
	out, err := yaml.Marshal(v)
	if err != nil {
		panic(err)
	}
	j, _ := yaml.YAMLToJSON(out)
	return string(j)
}

func bool2(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// loadCRD builds a CRD from the template.
func loadCRD(t *testing.T, scope string, versions ...string) *schema.CRD {
	t.Helper()
	text := strings.NewReplacer("%SCOPE%", scope, "%VERSIONS%", "["+strings.Join(versions, ", ")+"]").Replace(crdYAML)
	crd, errs := schema.DecodeCRD(readDoc(t, text))
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	return crd
}

// readDoc reads one YAML document as the CLI does (integers stay integers).
func readDoc(t *testing.T, text string) manifest.Document {
	t.Helper()
	path := filepath.Join(t.TempDir(), "doc.yaml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("read: %v (%d documents)", errs, len(docs))
	}
	return docs[0]
}
