package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// yamlObject decodes one YAML object (flow style allowed).
func yamlObject(t testing.TB, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader("---\n"+text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input %q: %v", text, errs)
	}
	return docs[0].Object
}

// compileSchema compiles a v1 CRD of group example.com, kind Foo, version v1 with the given schema.
func compileSchema(t testing.TB, schemaYAML string) *Validator {
	t.Helper()
	return compileSchemaWith(t, schemaYAML, Options{})
}

// compileSchemaWith is compileSchema with options.
func compileSchemaWith(t testing.TB, schemaYAML string, opts Options) *Validator {
	t.Helper()
	s, errs := schema.Parse(nil, yamlObject(t, schemaYAML))
	if len(errs) > 0 {
		t.Fatalf("bad test schema: %v", errs)
	}
	crd := &schema.CRD{
		APIVersion: schema.CRDAPIVersionV1,
		Spec: schema.CRDSpec{
			Group:      "example.com",
			Names:      schema.Names{Plural: "foos", Singular: "foo", Kind: "Foo", ListKind: "FooList"},
			Scope:      schema.NamespaceScoped,
			Versions:   []schema.Version{{Name: "v1", Served: true, Storage: true}},
			Validation: &schema.Validation{OpenAPIV3Schema: s},
		},
	}
	v, err := Compile(crd, "v1", opts)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestDecodeSeed003MetadataExamples(t *testing.T) {
	tests := []struct {
		name, schema, in, want string
		pruned                 []string
	}{{
		name: "10 embedded resource",
		schema: `{type: object, properties: {object: {type: object, nullable: true,
		          x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}`,
		in:     `{"apiVersion": "example.com/v1", "kind": "Foo", "foo": 42, "object": {"bar": 43, "abc": 44, "metadata": {"name": "example", "garbage": 45}}}`,
		want:   `{"apiVersion": "example.com/v1", "kind": "Foo", "object": {"bar": 43, "abc": 44, "metadata": {"name": "example"}}}`,
		pruned: []string{"foo", "object.metadata.garbage"},
	}, {
		name:   "11 implicit TypeMeta and ObjectMeta",
		schema: `type: object`,
		in:     `{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "example", "garbage": 43}, "foo": 42}`,
		want:   `{"apiVersion": "example.com/v1", "kind": "Foo", "metadata": {"name": "example"}}`,
		pruned: []string{"foo", "metadata.garbage"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			obj := yamlObject(t, tc.in)
			res := compileSchema(t, tc.schema).Decode(obj)
			if len(res.Errors) > 0 {
				t.Fatalf("unexpected errors: %v", res.Errors)
			}
			if want := yamlObject(t, tc.want); !reflect.DeepEqual(res.Object, want) {
				t.Errorf("decoded to %v, want %v", res.Object, want)
			}
			if !reflect.DeepEqual(res.Pruned, tc.pruned) {
				t.Errorf("pruned %q, want %q", res.Pruned, tc.pruned)
			}
		})
	}
}

func TestDecodeDefaults(t *testing.T) {
	const s = `
type: object
properties:
  spec:
    type: object
    properties:
      replicas: {type: integer, default: 1}
      mode: {type: string, default: fast}
      note: {type: string, nullable: true, default: hi}
      gone: {type: string}
      labels:
        type: object
        additionalProperties: {type: string, default: none}
      ports:
        type: array
        items:
          type: object
          properties:
            protocol: {type: string, default: TCP}
            port: {type: integer}
      template:
        type: object
        default: {size: small, junk: 1}
        properties:
          size: {type: string}
`
	tests := []struct{ name, in, want string }{{
		name: "missing fields get a copy of the default, inside items too",
		in:   `{"spec": {"ports": [{"port": 80}, {"port": 81, "protocol": "UDP"}]}}`,
		want: `{"spec": {"replicas": 1, "mode": "fast", "note": "hi", "template": {"size": "small"},
		        "ports": [{"port": 80, "protocol": "TCP"}, {"port": 81, "protocol": "UDP"}]}}`,
	}, {
		name: "non-nullable nulls are defaulted, nullable nulls are kept, undefaulted nulls removed",
		in:   `{"spec": {"replicas": null, "note": null, "gone": null, "labels": {"a": null, "b": "x"}}}`,
		want: `{"spec": {"replicas": 1, "mode": "fast", "note": null, "template": {"size": "small"}, "labels": {"a": "none", "b": "x"}}}`,
	}}
	v := compileSchema(t, s)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := v.Decode(yamlObject(t, tc.in))
			if len(res.Errors) > 0 {
				t.Fatalf("unexpected errors: %v", res.Errors)
			}
			if want := yamlObject(t, tc.want); !reflect.DeepEqual(res.Object, want) {
				t.Errorf("decoded to %v\nwant %v", res.Object, want)
			}
		})
	}
}

func TestDefaultsAreCopies(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {spec: {type: object, default: {list: [1]}, properties: {list: {type: array, items: {type: integer}}}}}}`)
	first := v.Decode(yamlObject(t, `{}`)).Object
	first["spec"].(map[string]any)["list"].([]any)[0] = int64(99)
	second := v.Decode(yamlObject(t, `{}`)).Object
	if got := second["spec"].(map[string]any)["list"].([]any)[0]; got != int64(1) {
		t.Errorf("changing one object's default changed the next object's: %v", got)
	}
}

func TestDecodeErrors(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {spec: {type: object, properties: {res: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}}}`)
	tests := []struct{ name, in, want string }{{
		name: "kind must be a string",
		in:   `{"kind": 5}`,
		want: `kind: Invalid value: 5: must be a string`,
	}, {
		name: "malformed metadata",
		in:   `{"metadata": {"labels": 5}}`,
		want: `metadata: Invalid value: {"labels":5}: json: cannot unmarshal number into Go struct field ObjectMeta.labels of type map[string]string`,
	}, {
		name: "embedded resource kind must be a string",
		in:   `{"spec": {"res": {"kind": true}}}`,
		want: `spec.res.kind: Invalid value: true: must be a string`,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := v.Decode(yamlObject(t, tc.in))
			if len(res.Errors) != 1 || res.Errors[0].Error() != tc.want {
				t.Errorf("errors %v, want %q", res.Errors, tc.want)
			}
			if res.Object != nil {
				t.Errorf("an object that does not decode has no result object")
			}
		})
	}
}
