package defaults

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

func object(t *testing.T, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader("---\n"+text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input %q: %v", text, errs)
	}
	return docs[0].Object
}

func compile(t *testing.T, schemaText string) *Defaulter {
	t.Helper()
	s, errs := schema.Parse(nil, object(t, schemaText))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return Compile(s)
}

// Served defaults are pruned as part of the object around them: unknown
// fields, and unknown metadata fields of embedded resources, are gone.
func TestServedDefaultsArePruned(t *testing.T) {
	d := compile(t, `{type: object, properties: {spec: {type: object,
	  default: {size: 1, junk: true, job: {apiVersion: v1, kind: Job, metadata: {name: j, bogus: 1}, extra: 2}},
	  properties: {size: {type: integer},
	    job: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}}}`)
	obj := map[string]any{}
	d.Default(obj)
	want := object(t, `{spec: {size: 1, job: {apiVersion: v1, kind: Job, metadata: {name: j}, extra: 2}}}`)
	if !reflect.DeepEqual(obj, want) {
		t.Errorf("defaulted to %v\nwant %v", obj, want)
	}
}

func TestPruneNulls(t *testing.T) {
	d := compile(t, `{type: object, properties: {
	  plain: {type: string},
	  nullable: {type: string, nullable: true},
	  defaulted: {type: string, default: x},
	  anyMap: {type: object, additionalProperties: true},
	  strings: {type: object, additionalProperties: {type: string}},
	  list: {type: array, items: {type: string}}}}`)
	obj := object(t, `{plain: null, nullable: null, defaulted: null, unknown: null,
	  anyMap: {a: null}, strings: {a: null, b: x}, list: [null]}`)
	d.PruneNulls(obj)
	// Kept: nullable fields, defaulted ones (Default fills them), fields
	// without a schema, values of additionalProperties: true, list items.
	want := object(t, `{nullable: null, defaulted: null, unknown: null, anyMap: {a: null}, strings: {b: x}, list: [null]}`)
	if !reflect.DeepEqual(obj, want) {
		t.Errorf("pruned to %v\nwant %v", obj, want)
	}
}

func TestUnprunedDefaultsAreServedAsWritten(t *testing.T) {
	s, errs := schema.Parse(nil, object(t, `{type: object, properties: {spec: {type: object, default: {junk: 1}}}}`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	obj := map[string]any{}
	CompileUnpruned(s).Default(obj)
	if !reflect.DeepEqual(obj, object(t, `{spec: {junk: 1}}`)) {
		t.Errorf("a CRD that does not prune serves its defaults as written: %v", obj)
	}
}
