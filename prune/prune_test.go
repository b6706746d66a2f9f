package prune

import (
	"context"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/walkstop"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// object decodes one YAML object (flow style allowed) as kval reads manifests.
func object(t *testing.T, text string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadAll("test", strings.NewReader("---\n"+text))
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("bad test input %q: %v", text, errs)
	}
	return docs[0].Object
}

func parseSchema(t *testing.T, text string) *schema.Schema {
	t.Helper()
	s, errs := schema.Parse(nil, object(t, text))
	if len(errs) > 0 {
		t.Fatalf("bad test schema: %v", errs)
	}
	return s
}

// seedExamples are the eleven examples of seed 003 ("Pruning for Custom
// Resources"). Examples 10 and 11 involve metadata, which package objectmeta
// prunes; here only the structural part is checked (metadata is left alone),
// and package engine checks them end to end.
var seedExamples = []struct {
	name, schema, in, want string
	pruned                 []string
	resourceRoot           bool
}{
	{
		name:   "1 unspecified",
		schema: `type: object`,
		in:     `{"foo": 42, "json": {"bar": 43}}`,
		want:   `{}`,
		pruned: []string{"foo", "json"},
	},
	{
		name:   "2 properties at top-level",
		schema: `{type: object, properties: {foo: {type: object}}}`,
		in:     `{"foo": {"abc": 42}, "json": {"bar": 43}}`,
		want:   `{"foo": {}}`,
		pruned: []string{"foo.abc", "json"},
	},
	{
		name:   "3 properties at multiple levels",
		schema: `{type: object, properties: {foo: {type: object, properties: {bar: {type: object}}}}}`,
		in:     `{"foo": {"bar": {"abc": 42}, "def": 43}, "json": {"ghi": 44}}`,
		want:   `{"foo": {"bar": {}}}`,
		pruned: []string{"foo.bar.abc", "foo.def", "json"},
	},
	{
		name:   "4 additionalProperties with a non-empty schema",
		schema: `{type: object, properties: {foo: {type: object, additionalProperties: {type: object}}}}`,
		in:     `{"foo": {"abc": {"x": 42}, "def": {"y": 43}}, "json": {"ghi": 44}}`,
		want:   `{"foo": {"abc": {}, "def": {}}}`,
		pruned: []string{"foo.abc.x", "foo.def.y", "json"},
	},
	{
		name:   "5 additionalProperties false",
		schema: `{type: object, properties: {foo: {type: object, additionalProperties: false}}}`,
		in:     `{"foo": {"abc": {"x": 42}, "def": {"y": 43}}, "json": {"ghi": 44}}`,
		want:   `{"foo": {"abc": {}, "def": {}}}`,
		pruned: []string{"foo.abc.x", "foo.def.y", "json"},
	},
	{
		name:   "6 arbitrary JSON",
		schema: `{type: object, properties: {json: {x-kubernetes-preserve-unknown-fields: true, nullable: true}}}`,
		in:     `{"foo": 42, "json": {"bar": 43}}`,
		want:   `{"json": {"bar": 43}}`,
		pruned: []string{"foo"},
	},
	{
		// The seed keeps json.bar's content. kube-apiserver prunes inside
		// json.bar with bar's own schema (type: object, no properties), so
		// bar becomes {}. kval follows kube-apiserver.
		name: "7 JSON with properties at the same level (kube-apiserver prunes inside bar)",
		schema: `{type: object, properties: {json: {type: object, x-kubernetes-preserve-unknown-fields: true, nullable: true,
		          properties: {bar: {type: object}}}}}`,
		in:     `{"foo": 42, "json": {"bar": {"abc": 43}, "def": 44}}`,
		want:   `{"json": {"bar": {}, "def": 44}}`,
		pruned: []string{"foo", "json.bar.abc"},
	},
	{
		name: "8 JSON with properties at the same and lower levels",
		schema: `{type: object, properties: {json: {type: object, x-kubernetes-preserve-unknown-fields: true, nullable: true,
		          properties: {bar: {type: object, properties: {inner: {type: integer}}}}}}}`,
		in:     `{"foo": 42, "json": {"bar": {"inner": 43, "abc": 44}, "def": 45}}`,
		want:   `{"json": {"bar": {"inner": 43}, "def": 45}}`,
		pruned: []string{"foo", "json.bar.abc"},
	},
	{
		// The seed keeps everything under json. kube-apiserver prunes every
		// value under json with additionalProperties' schema (type: object,
		// no properties). kval follows kube-apiserver.
		name: "9 additionalProperties within JSON (kube-apiserver prunes the values)",
		schema: `{type: object, properties: {json: {type: object, x-kubernetes-preserve-unknown-fields: true, nullable: true,
		          additionalProperties: {type: object}}}}`,
		in:     `{"foo": 42, "json": {"bar": {"inner": 43, "abc": 44}, "def": {"x": 45}}}`,
		want:   `{"json": {"bar": {}, "def": {}}}`,
		pruned: []string{"foo", "json.bar.abc", "json.bar.inner", "json.def.x"},
	},
	{
		name: "10 embedded resource (structural part; metadata is left to objectmeta)",
		schema: `{type: object, properties: {object: {type: object, nullable: true,
		          x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}`,
		in:     `{"foo": 42, "object": {"bar": 43, "abc": 44, "metadata": {"name": "example", "garbage": 45}}}`,
		want:   `{"object": {"bar": 43, "abc": 44, "metadata": {"name": "example", "garbage": 45}}}`,
		pruned: []string{"foo"},
	},
	{
		name:         "11 implicit TypeMeta and ObjectMeta (structural part)",
		schema:       `type: object`,
		in:           `{"apiVersion": "example/v1", "kind": "Foo", "metadata": {"name": "example", "garbage": 43}, "foo": 42}`,
		want:         `{"apiVersion": "example/v1", "kind": "Foo", "metadata": {"name": "example", "garbage": 43}}`,
		pruned:       []string{"foo"},
		resourceRoot: true,
	},
}

func TestSeed003Examples(t *testing.T) {
	for _, ex := range seedExamples {
		t.Run(ex.name, func(t *testing.T) {
			s := parseSchema(t, ex.schema)
			obj := object(t, ex.in)
			res := Prune(obj, s, Options{ResourceRoot: ex.resourceRoot})
			if want := object(t, ex.want); !reflect.DeepEqual(obj, want) {
				t.Errorf("pruned to %v, want %v", obj, want)
			}
			if !reflect.DeepEqual(res.Pruned, ex.pruned) {
				t.Errorf("pruned paths %q, want %q", res.Pruned, ex.pruned)
			}
			if len(res.Conflicts) > 0 {
				t.Errorf("unexpected conflicts: %v", res.Conflicts)
			}
		})
	}
}

func TestPruning(t *testing.T) {
	tests := []struct {
		name, schema, in, want string
		pruned                 []string
		resourceRoot           bool
	}{{
		name:   "items are pruned with the items schema",
		schema: `{type: object, properties: {list: {type: array, items: {type: object, properties: {a: {type: string}}}}}}`,
		in:     `{"list": [{"a": "x", "b": 1}, {"c": 2}]}`,
		want:   `{"list": [{"a": "x"}, {}]}`,
		pruned: []string{"list[0].b", "list[1].c"},
	}, {
		name:   "properties under preserve-unknown-fields reset pruning below them",
		schema: `{type: object, x-kubernetes-preserve-unknown-fields: true, properties: {spec: {type: object, properties: {a: {type: string}}}}}`,
		in:     `{"spec": {"a": "x", "b": 1}, "other": {"c": 2}}`,
		want:   `{"spec": {"a": "x"}, "other": {"c": 2}}`,
		pruned: []string{"spec.b"},
	}, {
		name: "items of a preserved array stay preserved",
		schema: `{type: object, properties: {list: {type: array, x-kubernetes-preserve-unknown-fields: true,
		          items: {type: object, properties: {a: {type: object, properties: {k: {type: string}}}}}}}}`,
		in:     `{"list": [{"a": {"k": "v", "drop": 1}, "keep": 2}]}`,
		want:   `{"list": [{"a": {"k": "v"}, "keep": 2}]}`,
		pruned: []string{"list[0].a.drop"},
	}, {
		name:   "additionalProperties true stops removal but prunes objects below",
		schema: `{type: object, properties: {m: {type: object, additionalProperties: true}}}`,
		in:     `{"m": {"a": {"x": 1}, "b": 2}}`,
		want:   `{"m": {"a": {}, "b": 2}}`,
		pruned: []string{"m.a.x"},
	}, {
		name:         "metadata is implicit only at the resource root",
		schema:       `{type: object, properties: {spec: {type: object}}}`,
		in:           `{"apiVersion": "v1", "kind": "K", "metadata": {}, "spec": {"metadata": {}, "kind": "x"}}`,
		want:         `{"apiVersion": "v1", "kind": "K", "metadata": {}, "spec": {}}`,
		pruned:       []string{"spec.kind", "spec.metadata"},
		resourceRoot: true,
	}, {
		name:   "a nil schema prunes everything, nested lists included",
		schema: `{type: object, properties: {any: {type: array}}}`,
		in:     `{"any": [{"a": 1}, [{"b": 2}], 3]}`,
		want:   `{"any": [{}, [{}], 3]}`,
		pruned: []string{"any[0].a", "any[1][0].b"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			obj := object(t, tc.in)
			res := Prune(obj, parseSchema(t, tc.schema), Options{ResourceRoot: tc.resourceRoot})
			if want := object(t, tc.want); !reflect.DeepEqual(obj, want) {
				t.Errorf("pruned to %v, want %v", obj, want)
			}
			if !reflect.DeepEqual(res.Pruned, tc.pruned) {
				t.Errorf("pruned paths %q, want %q", res.Pruned, tc.pruned)
			}
		})
	}
}

func TestTypeConflictsAreReportedNotDropped(t *testing.T) {
	s := parseSchema(t, `{type: object, properties: {spec: {type: object, properties: {list: {type: array, items: {type: string}}, num: {type: integer}}}}}`)
	obj := object(t, `{"spec": {"list": "not-a-list", "num": {"a": 1}}}`)
	res := Prune(obj, s, Options{})
	if obj["spec"].(map[string]any)["list"] != "not-a-list" {
		t.Errorf("the conflicting value must be kept: %v", obj)
	}
	var got []string
	for _, e := range res.Conflicts {
		got = append(got, e.Error())
	}
	want := []string{
		`spec.list: Invalid value: "string": spec.list in body must be of type array: "string"`,
		`spec.num: Invalid value: "object": spec.num in body must be of type integer: "object"`,
	}
	sort.Strings(got)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("conflicts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !reflect.DeepEqual(res.Pruned, []string{"spec.num.a"}) {
		t.Errorf("fields of an object in a scalar's place are pruned and reported: %q", res.Pruned)
	}
}

// TestPruneContextStopsOnceTheContextEnds: with an ended context, pruning a
// large object stops at the first check of the context (the unknown fields
// it removed are the visits it made), where a live context prunes them all.
func TestPruneContextStopsOnceTheContextEnds(t *testing.T) {
	s := parseSchema(t, `{type: object, properties: {items: {type: array, items: {type: object, properties: {a: {type: string}}}}}}`)
	large := func() map[string]any {
		items := make([]any, 100_000)
		for i := range items {
			items[i] = map[string]any{"a": "x", "unknown": int64(i)}
		}
		return map[string]any{"items": items}
	}
	if got := len(PruneContext(context.Background(), large(), s, Options{}).Pruned); got != 100_000 {
		t.Fatalf("a live context pruned %d fields, want 100000", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := len(PruneContext(ctx, large(), s, Options{}).Pruned); got > 2*walkstop.CheckEvery {
		t.Fatalf("an ended context still pruned %d fields, want at most %d", got, 2*walkstop.CheckEvery)
	}
}
