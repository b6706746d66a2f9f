package lower_test

import (
	"fmt"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// parentsSchema has fields below optional parents, at the root and below
// the correlating ancestors: a list-map item, an atomic list's item, a map
// value. %[1]s is the extension's value.
const parentsSchema = `{type: object, properties: {
  engine: {type: string, maxLength: 16, x-kubernetes-mutability: %[1]s},
  template: {type: object, properties: {image: {type: string, maxLength: 16, x-kubernetes-mutability: %[1]s}}},
  labels: {type: object, maxProperties: 8, x-kubernetes-key-mutability: %[1]s, additionalProperties: {type: string, maxLength: 16}},
  users: {type: array, maxItems: 8, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, required: [name], properties: {
    name: {type: string, maxLength: 16}, role: {type: object, properties: {kind: {type: string, maxLength: 16, x-kubernetes-mutability: %[1]s}}}}}},
  steps: {type: array, maxItems: 8, items: {type: object, properties: {
    run: {type: object, properties: {image: {type: string, maxLength: 16, x-kubernetes-mutability: %[1]s}}}}}},
  env: {type: object, maxProperties: 8, additionalProperties: {type: object, properties: {
    source: {type: object, properties: {ref: {type: string, maxLength: 16, x-kubernetes-mutability: %[1]s}}}}}}}}`

// TestParentsRemovedAndAddedLowered: the lowered rules, like package
// mutability, judge the fields a parent brings or takes as added or
// removed: {spec: {engine: a}} -> {} is denied for Immutable and AddOnly,
// {} -> {spec: {engine: b}} for Immutable and RemoveOnly, the same along
// the chain below list items and map values, with the same errors on both
// sides (sameErrors).
func TestParentsRemovedAndAddedLowered(t *testing.T) {
	steps := []struct {
		name, old, new string
		removes        bool // else adds
	}{
		{"spec removed", `{"spec": {"engine": "a"}}`, `{}`, true},
		{"spec added", `{}`, `{"spec": {"engine": "b"}}`, false},
		{"a grandparent removed", `{"spec": {"template": {"image": "a"}}}`, `{"spec": {}}`, true},
		{"a map's parent added", `{}`, `{"spec": {"labels": {"a": "1"}}}`, false},
		{"a parent removed in a list-map item", `{"spec": {"users": [{"name": "u", "role": {"kind": "x"}}]}}`, `{"spec": {"users": [{"name": "u"}]}}`, true},
		{"a parent added in an atomic list's item", `{"spec": {"steps": [{}]}}`, `{"spec": {"steps": [{"run": {"image": "a"}}]}}`, false},
		{"a parent removed in a map value", `{"spec": {"env": {"a": {"source": {"ref": "x"}}}}}`, `{"spec": {"env": {"a": {}}}}`, true},
	}
	wholes := []struct{ name, old, new string }{
		{"a list-map item removed whole", `{"spec": {"users": [{"name": "u", "role": {"kind": "x"}}]}}`, `{"spec": {"users": []}}`},
		{"an atomic list's item removed whole", `{"spec": {"steps": [{"run": {"image": "a"}}]}}`, `{"spec": {"steps": []}}`},
		{"a map value added whole", `{"spec": {"env": {}}}`, `{"spec": {"env": {"a": {"source": {"ref": "x"}}}}}`},
	}
	for _, m := range []schema.Mutability{schema.Immutable, schema.AddOnly, schema.RemoveOnly} {
		sd, res := newSides(t, seedCRD(t, fmt.Sprintf(parentsSchema, m), ""), "v1")
		if len(res.Unlowered) > 0 {
			t.Fatalf("%s: not lowered: %v", m, res.Unlowered)
		}
		for _, st := range steps {
			want := rejected
			if (st.removes && m == schema.RemoveOnly) || (!st.removes && m == schema.AddOnly) {
				want = accepted
			}
			checkPair(t, sd, string(m)+"/"+st.name, object(t, st.old), object(t, st.new), want)
		}
		for _, st := range wholes {
			checkPair(t, sd, string(m)+"/"+st.name, object(t, st.old), object(t, st.new), accepted)
		}
	}
}

func checkPair(t *testing.T, sd sides, name string, old, new map[string]any, want outcome) {
	t.Helper()
	got, err := sd.compare(old, new)
	switch {
	case err != nil:
		t.Errorf("%s: %v", name, err)
	case got != want:
		t.Errorf("%s: got %v, want %v", name, got, want)
	}
}

// object is a Seed object with the top-level fields in text (spec or none).
func object(t *testing.T, text string) map[string]any {
	obj := mustDoc(t, "---\n"+text)
	obj["apiVersion"], obj["kind"] = "example.kval.dev/v1", "Seed"
	obj["metadata"] = map[string]any{"name": "s", "namespace": "ns"}
	return obj
}
