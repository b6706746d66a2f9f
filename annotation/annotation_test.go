package annotation_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
)

// crd builds a v1 CRD named widgets.example.com with one version per
// schema (named v1, v2, ...; a schema is YAML), and the annotation when
// it is not "".
func crd(t *testing.T, value string, schemas ...string) map[string]any {
	t.Helper()
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n")
	if value != "" {
		b.WriteString("  annotations:\n    kval.dev/schema-extensions: '" + value + "'\n")
	}
	b.WriteString("spec:\n  group: example.com\n  versions:\n")
	for i, s := range schemas {
		b.WriteString("  - name: v" + string(rune('1'+i)) + "\n    schema:\n      openAPIV3Schema: " + s + "\n")
	}
	return decode(t, b.String())
}

func decode(t *testing.T, y string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test.yaml", strings.NewReader(y))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("test CRD does not decode: %v\n%s", errs, y)
	}
	return docs[0].Object
}

func annotationOf(obj map[string]any) (string, bool) {
	meta, _ := obj["metadata"].(map[string]any)
	annotations, _ := meta["annotations"].(map[string]any)
	value, ok := annotations[annotation.Key].(string)
	return value, ok
}

const engine = `{type: object, properties: {engine: {type: string, x-kubernetes-mutability: Immutable}}}`

func TestPackRecordsTheExamplesExtensions(t *testing.T) {
	docs, _ := manifest.ReadFile("../examples/crd.yaml")
	packed, moved, err := annotation.Pack(docs[0].Object)
	if err != nil || moved != 4 {
		t.Fatalf("Pack: moved %d, %v; want 4", moved, err)
	}
	got, _ := annotationOf(packed)
	want := `{"v1":{` +
		`"/properties/spec/properties/engine":{"x-kubernetes-mutability":"Immutable"},` +
		`"/properties/spec/properties/migrations":{"x-kubernetes-key-mutability":"AddOnly"},` +
		`"/properties/spec/properties/migrations/items":{"x-kubernetes-mutability":"Immutable"},` +
		`"/properties/spec/properties/primaryZone":{"x-kubernetes-mutability":"AddOnly"}}}`
	if got != want {
		t.Errorf("annotation\n got %s\nwant %s", got, want)
	}
}

func TestPackLeavesItsArgumentAlone(t *testing.T) {
	in := crd(t, "", engine)
	before := jsonvalue.DeepCopyObject(in)
	if _, _, err := annotation.Pack(in); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, before) {
		t.Error("Pack changed its argument")
	}
}

func TestPackKeepsKeysOfTheSameNameThatAreNotExtensions(t *testing.T) {
	in := crd(t, "", `{type: object, properties: {
		x-kubernetes-mutability: {type: string},
		d: {type: object, default: {x-kubernetes-mutability: Immutable}},
		e: {type: object, enum: [{x-kubernetes-key-mutability: AddOnly}]}}}`)
	packed, moved, err := annotation.Pack(in)
	if err != nil || moved != 0 || !reflect.DeepEqual(packed, in) {
		t.Errorf("Pack: moved %d, %v, changed: %v; want no change", moved, err, !reflect.DeepEqual(packed, in))
	}
}

func TestPackOfAPackedCRDChangesNothing(t *testing.T) {
	packed, _, err := annotation.Pack(crd(t, "", engine))
	if err != nil {
		t.Fatal(err)
	}
	again, moved, err := annotation.Pack(packed)
	if err != nil || moved != 0 || !reflect.DeepEqual(again, packed) {
		t.Errorf("Pack(Pack(x)): moved %d, %v; want the same CRD", moved, err)
	}
}

func TestUnpackDropsTheAnnotationsItEmptiedAndKeepsOthers(t *testing.T) {
	alone, _, err := annotation.Unpack(crd(t, `{"v1":{}}`, engine))
	if err != nil {
		t.Fatal(err)
	}
	if meta := alone["metadata"].(map[string]any); meta["annotations"] != nil {
		t.Errorf("metadata.annotations left: %v", meta["annotations"])
	}
	in := crd(t, `{"v1":{}}`, engine)
	in["metadata"].(map[string]any)["annotations"].(map[string]any)["other"] = "kept"
	withOther, _, err := annotation.Unpack(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := withOther["metadata"].(map[string]any)["annotations"]; !reflect.DeepEqual(got, map[string]any{"other": "kept"}) {
		t.Errorf("metadata.annotations: %v, want only other", got)
	}
}

func TestUnpackAcceptsAnExtensionAlreadyThereWithTheSameValue(t *testing.T) {
	in := crd(t, `{"v1":{"/properties/engine":{"x-kubernetes-mutability":"Immutable"}}}`, engine)
	out, moved, err := annotation.Unpack(in)
	if err != nil || moved != 1 {
		t.Fatalf("Unpack: moved %d, %v", moved, err)
	}
	if _, still := annotationOf(out); still {
		t.Error("annotation left")
	}
}

func TestPackErrors(t *testing.T) {
	cases := []struct {
		name string
		crd  func(t *testing.T) map[string]any
		want string
	}{
		{"not a CRD", func(t *testing.T) map[string]any {
			return map[string]any{"apiVersion": "v1", "kind": "ConfigMap"}
		}, "not a CustomResourceDefinition"},
		{"annotation set and extensions left", func(t *testing.T) map[string]any {
			return crd(t, `{"v1":{}}`, engine)
		}, `CustomResourceDefinition "widgets.example.com": annotation kval.dev/schema-extensions is set and the schemas still hold extensions`},
		{"value not a string", func(t *testing.T) map[string]any {
			return crd(t, "", `{type: object, properties: {a: {type: string, x-kubernetes-mutability: true}}}`)
		}, `version "v1" at "/properties/a": x-kubernetes-mutability must be a string, not boolean`},
		{"version without a name", func(t *testing.T) map[string]any {
			c := crd(t, "", engine)
			delete(versions(c)[0].(map[string]any), "name")
			return c
		}, "spec.versions[0].schema.openAPIV3Schema holds extensions, but its version has no name"},
		{"two versions of the same name", func(t *testing.T) map[string]any {
			c := crd(t, "", engine, engine)
			versions(c)[1].(map[string]any)["name"] = "v1"
			return c
		}, `spec.versions[0].schema.openAPIV3Schema holds extensions, but 2 versions are named "v1"`},
		{"annotations not an object", func(t *testing.T) map[string]any {
			c := crd(t, "", engine)
			c["metadata"].(map[string]any)["annotations"] = "x"
			return c
		}, "metadata.annotations: must be an object, not string"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := annotation.Pack(c.crd(t))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func versions(crd map[string]any) []any {
	return crd["spec"].(map[string]any)["versions"].([]any)
}

func TestUnpackErrors(t *testing.T) {
	const schemaWithDefault = `{type: object, required: [a], allOf: [{maxProperties: 9}], properties: {
		a: {type: object, default: {b: {}}, properties: {b: {type: object, x-kubernetes-mutability: Immutable}}}}}`
	cases := []struct{ name, annotation, want string }{
		{"malformed JSON", `{"v1":`, `CustomResourceDefinition "widgets.example.com": annotation kval.dev/schema-extensions: malformed JSON`},
		{"not an object", `[]`, "malformed JSON"},
		{"null", `null`, "must be a JSON object, not null"},
		{"duplicate keys", `{"v1":{},"v1":{}}`, "malformed JSON"},
		{"null schema", `{"v1":null}`, `schema key "v1": must be an object, not null`},
		{"empty schema key", `{"":{}}`, `schema key "": must be a version name or spec.validation`},
		{"null keywords", `{"v1":{"/properties/a":null}}`, `version "v1" at "/properties/a": must be an object, not null`},
		{"unknown keyword", `{"v1":{"/properties/a":{"x-kubernetes-list-type":"set"}}}`, `"x-kubernetes-list-type": only x-kubernetes-mutability and x-kubernetes-key-mutability`},
		{"value not a string", `{"v1":{"/properties/a":{"x-kubernetes-mutability":1}}}`, "x-kubernetes-mutability: must be a string, not number"},
		{"pointer without a slash", `{"v1":{"properties/a":{}}}`, `a JSON Pointer is "" or starts with "/"`},
		{"bad escape", `{"v1":{"/properties/a~2":{}}}`, `token "a~2": ~ must be followed by 0 or 1`},
		{"unknown version", `{"v9":{"":{}}}`, `version "v9": the CRD has no version of that name with a schema`},
		{"spec.validation of a v1 CRD", `{"spec.validation":{"":{}}}`, "spec.validation.openAPIV3Schema: the CRD has none"},
		{"missing property", `{"v1":{"/properties/z":{"x-kubernetes-mutability":"Immutable"}}}`, `version "v1" at "/properties/z": does not resolve to a schema object: "/properties": no "z"`},
		{"index out of range", `{"v1":{"/allOf/1":{}}}`, `"/allOf": "1" is not an index of an array of 1`},
		{"index with a leading zero", `{"v1":{"/allOf/00":{}}}`, `"00" is not an index of an array of 1`},
		{"at an item of a list of strings", `{"v1":{"/required/0":{}}}`, "but to a string"},
		{"into a default", `{"v1":{"/properties/a/default/b":{"x-kubernetes-mutability":"Immutable"}}}`, `"/properties/a/default": default, example and enum hold values, not schemas`},
		{"at a default", `{"v1":{"/properties/a/default":{"x-kubernetes-mutability":"Immutable"}}}`, "does not resolve to a schema object, but to a value of default, example or enum"},
		{"at the properties map", `{"v1":{"/properties":{"x-kubernetes-mutability":"Immutable"}}}`, "but to a map of names to schemas"},
		{"at a string", `{"v1":{"/type":{}}}`, "but to a string"},
		{"inside a string", `{"v1":{"/type/x":{}}}`, `"x" is inside a string`},
		{"conflict", `{"v1":{"/properties/a/properties/b":{"x-kubernetes-mutability":"AddOnly"}}}`,
			`version "v1" at "/properties/a/properties/b": x-kubernetes-mutability is "Immutable" in the schema and "AddOnly" in the annotation`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := crd(t, c.annotation, schemaWithDefault)
			_, _, err := annotation.Unpack(in)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
}

func TestUnpackAnnotationThatIsNotAString(t *testing.T) {
	in := crd(t, `{}`, engine)
	in["metadata"].(map[string]any)["annotations"].(map[string]any)[annotation.Key] = int64(1)
	_, _, err := annotation.Unpack(in)
	const want = `CustomResourceDefinition "widgets.example.com": annotation kval.dev/schema-extensions: must be a string, not number`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}
