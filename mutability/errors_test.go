package mutability

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/walkstop"
	"github.com/kval-dev/kval/schema"
)

const errorsSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      engine: {type: string, x-kubernetes-mutability: Immutable}
      nodeName: {type: string, x-kubernetes-mutability: AddOnly}
      finalizer: {type: string, x-kubernetes-mutability: RemoveOnly}
      history:
        type: array
        x-kubernetes-key-mutability: AddOnly
        items: {type: string, x-kubernetes-mutability: Immutable}
      users:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        x-kubernetes-key-mutability: RemoveOnly
        items:
          type: object
          x-kubernetes-mutability: Immutable
          properties:
            name: {type: string}
            role: {type: string}
      labels:
        type: object
        x-kubernetes-key-mutability: Immutable
        additionalProperties: {type: string}
      annotations:
        type: object
        additionalProperties: {type: string, x-kubernetes-mutability: Immutable}
      tags:
        type: array
        x-kubernetes-list-type: set
        x-kubernetes-mutability: Immutable
        items: {type: string}
`

type wantError struct {
	text, origin string
}

func TestErrorsSayWhatWasAttempted(t *testing.T) {
	c := Compile(mustSchema(t, errorsSchema))
	tests := []struct {
		name, old, new string
		want           []wantError
	}{{
		name: "fields changed and removed (removing finalizer is allowed)",
		old:  `{"spec": {"engine": "postgres", "nodeName": "n1", "finalizer": "f"}}`,
		new:  `{"spec": {"engine": "mysql"}}`,
		want: []wantError{
			{"spec.engine: Forbidden: field is immutable", "mutability=Immutable"},
			{"spec.nodeName: Forbidden: field may not be removed, only added", "mutability=AddOnly"},
		},
	}, {
		name: "fields added",
		old:  `{"spec": {}}`,
		new:  `{"spec": {"engine": "postgres", "nodeName": "n1", "finalizer": "f"}}`,
		want: []wantError{
			{"spec.engine: Forbidden: field is immutable", "mutability=Immutable"},
			{"spec.finalizer: Forbidden: field may not be added, only removed", "mutability=RemoveOnly"},
		},
	}, {
		name: "items of an append-only list",
		old:  `{"spec": {"history": ["a", "b", "c"]}}`,
		new:  `{"spec": {"history": ["a", "x"]}}`,
		want: []wantError{
			{"spec.history[2]: Forbidden: items may only be added", "keyMutability=AddOnly"},
			{"spec.history[1]: Forbidden: item is immutable", "mutability=Immutable"},
		},
	}, {
		name: "items of a remove-only map list",
		old:  `{"spec": {"users": [{"name": "app", "role": "r"}, {"name": "ops"}]}}`,
		new:  `{"spec": {"users": [{"name": "new"}, {"name": "app", "role": "w"}]}}`,
		want: []wantError{
			{"spec.users[0]: Forbidden: items may only be removed", "keyMutability=RemoveOnly"},
			{"spec.users[1]: Forbidden: item is immutable", "mutability=Immutable"},
		},
	}, {
		name: "keys of a map",
		old:  `{"spec": {"labels": {"team": "a"}, "annotations": {"x": "1"}}}`,
		new:  `{"spec": {"labels": {"owner": "a"}, "annotations": {"x": "2", "y": "1"}}}`,
		want: []wantError{
			{"spec.annotations[x]: Forbidden: value is immutable", "mutability=Immutable"},
			{"spec.labels[team]: Forbidden: keys may not be removed", "keyMutability=Immutable"},
			{"spec.labels[owner]: Forbidden: keys may not be added", "keyMutability=Immutable"},
		},
	}, {
		name: "an immutable set may not even be reordered",
		old:  `{"spec": {"tags": ["a", "b"]}}`,
		new:  `{"spec": {"tags": ["b", "a"]}}`,
		want: []wantError{{"spec.tags: Forbidden: field is immutable", "mutability=Immutable"}},
	}, {
		name: "nothing changed",
		old:  `{"spec": {"engine": "postgres", "history": ["a"], "users": [{"name": "app"}], "labels": {"a": "b"}, "tags": ["x"]}}`,
		new:  `{"spec": {"engine": "postgres", "history": ["a"], "users": [{"name": "app"}], "labels": {"a": "b"}, "tags": ["x"]}}`,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			errs := c.Check(nil, mustObject(t, tc.new), mustObject(t, tc.old))
			if got := describe(errs); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("errors\n%v\nwant\n%v", got, tc.want)
			}
		})
	}
}

func TestStrictEquality(t *testing.T) {
	c := Compile(mustSchema(t, `{type: object, properties: {size: {x-kubernetes-int-or-string: true, x-kubernetes-mutability: Immutable},
	  list: {type: array, x-kubernetes-mutability: Immutable, items: {type: string}}}}`))
	tests := []struct {
		name     string
		old, new map[string]any
	}{
		{"an integer differs from the equal number", map[string]any{"size": int64(1)}, map[string]any{"size": 1.0}},
		{"an integer differs from its string", map[string]any{"size": int64(1)}, map[string]any{"size": "1"}},
		{"an empty list differs from a missing one", map[string]any{}, map[string]any{"list": []any{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if errs := c.Check(nil, tc.new, tc.old); len(errs) != 1 {
				t.Errorf("want one error, got %v", errs)
			}
		})
	}
}

const correlationSchema = `{type: object, properties: {spec: {type: object, nullable: true, properties: {
  engine: {type: string, x-kubernetes-mutability: %[1]s},
  template: {type: object, properties: {image: {type: string, x-kubernetes-mutability: %[1]s}}},
  labels: {type: object, x-kubernetes-key-mutability: %[1]s, additionalProperties: {type: string}},
  frozen: {type: object, x-kubernetes-mutability: AddOnly, properties: {size: {type: string, x-kubernetes-mutability: Immutable}}},
  users: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, properties: {
    name: {type: string}, role: {type: object, properties: {kind: {type: string, x-kubernetes-mutability: %[1]s}}}}}},
  steps: {type: array, items: {type: object, properties: {
    run: {type: object, properties: {image: {type: string, x-kubernetes-mutability: %[1]s}}}}}},
  env: {type: object, additionalProperties: {type: object, properties: {
    source: {type: object, properties: {ref: {type: string, x-kubernetes-mutability: %[1]s}}}}}}}}}}`

// TestCorrelation: the extensions hold along the chain of object properties
// between a field and its nearest correlating ancestor (the root, a list
// item by key or index, a map value by key): a parent added or removed
// adds or removes its fields, judged as the fields themselves. Items and
// map values added or removed whole are the collection's business.
func TestCorrelation(t *testing.T) {
	tests := []struct {
		name, old, new string
		// denied lists the values under which the update is denied, with
		// the error it gets.
		denied map[schema.Mutability]string
	}{{
		name: "a field leaves with its parent", old: `{"spec": {"engine": "a"}}`, new: `{}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.engine: Forbidden: field is immutable",
			schema.AddOnly:   "spec.engine: Forbidden: field may not be removed, only added",
		},
	}, {
		name: "a field arrives with its parent", old: `{}`, new: `{"spec": {"engine": "b"}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable:  "spec.engine: Forbidden: field is immutable",
			schema.RemoveOnly: "spec.engine: Forbidden: field may not be added, only removed",
		},
	}, {
		name: "a field leaves with its parent set to null", old: `{"spec": {"engine": "a"}}`, new: `{"spec": null}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.engine: Forbidden: field is immutable",
			schema.AddOnly:   "spec.engine: Forbidden: field may not be removed, only added",
		},
	}, {
		name: "a field arrives with its grandparent", old: `{"spec": {}}`, new: `{"spec": {"template": {"image": "a"}}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable:  "spec.template.image: Forbidden: field is immutable",
			schema.RemoveOnly: "spec.template.image: Forbidden: field may not be added, only removed",
		},
	}, {
		name: "a field leaves with its grandparent", old: `{"spec": {"template": {"image": "a"}}}`, new: `{}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.template.image: Forbidden: field is immutable",
			schema.AddOnly:   "spec.template.image: Forbidden: field may not be removed, only added",
		},
	}, {
		name: "keys leave with the map's parent", old: `{"spec": {"labels": {"a": "1"}}}`, new: `{}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.labels[a]: Forbidden: keys may not be removed",
			schema.AddOnly:   "spec.labels[a]: Forbidden: keys may only be added",
		},
	}, {
		name: "keys arrive with the map's parent", old: `{}`, new: `{"spec": {"labels": {"a": "1"}}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable:  "spec.labels[a]: Forbidden: keys may not be added",
			schema.RemoveOnly: "spec.labels[a]: Forbidden: keys may only be removed",
		},
	}, {
		name: "an old parent of another type has no fields", old: `{"spec": "hello"}`, new: `{"spec": {"engine": "b"}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable:  "spec.engine: Forbidden: field is immutable",
			schema.RemoveOnly: "spec.engine: Forbidden: field may not be added, only removed",
		},
	}, {
		name: "a parent with mutability of its own is judged whole", old: `{}`, new: `{"spec": {"frozen": {"size": "1"}}}`,
	}, {
		name: "an empty parent arrives", old: `{}`, new: `{"spec": {"template": {}}}`,
	}, {
		name: "a list-map item arrives whole", old: `{"spec": {"users": []}}`, new: `{"spec": {"users": [{"name": "a", "role": {"kind": "x"}}]}}`,
	}, {
		name: "a field leaves with its parent in a list-map item", old: `{"spec": {"users": [{"name": "a", "role": {"kind": "x"}}]}}`,
		new: `{"spec": {"users": [{"name": "a"}]}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.users[0].role.kind: Forbidden: field is immutable",
			schema.AddOnly:   "spec.users[0].role.kind: Forbidden: field may not be removed, only added",
		},
	}, {
		name: "an atomic list's item leaves whole", old: `{"spec": {"steps": [{"run": {"image": "a"}}]}}`, new: `{"spec": {"steps": []}}`,
	}, {
		name: "a field arrives with its parent in an atomic list's item", old: `{"spec": {"steps": [{}]}}`,
		new: `{"spec": {"steps": [{"run": {"image": "a"}}]}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable:  "spec.steps[0].run.image: Forbidden: field is immutable",
			schema.RemoveOnly: "spec.steps[0].run.image: Forbidden: field may not be added, only removed",
		},
	}, {
		name: "a map value leaves whole", old: `{"spec": {"env": {"a": {"source": {"ref": "x"}}}}}`, new: `{"spec": {"env": {}}}`,
	}, {
		name: "a field leaves with its parent in a map value", old: `{"spec": {"env": {"a": {"source": {"ref": "x"}}}}}`,
		new: `{"spec": {"env": {"a": {}}}}`,
		denied: map[schema.Mutability]string{
			schema.Immutable: "spec.env[a].source.ref: Forbidden: field is immutable",
			schema.AddOnly:   "spec.env[a].source.ref: Forbidden: field may not be removed, only added",
		},
	}}
	for _, m := range all {
		c := Compile(mustSchema(t, fmt.Sprintf(correlationSchema, m)))
		for _, tc := range tests {
			t.Run(string(m)+"/"+tc.name, func(t *testing.T) {
				errs := c.Check(nil, mustObject(t, tc.new), mustObject(t, tc.old))
				want, denied := tc.denied[m]
				switch {
				case !denied && len(errs) > 0:
					t.Errorf("want accepted, got %v", errs)
				case denied && (len(errs) != 1 || errs[0].Error() != want):
					t.Errorf("want %q, got %v", want, errs)
				}
			})
		}
	}
}

// TestImmutableFieldInTwoUpdates: the two updates that would change an
// immutable field by way of its optional parent are each denied.
func TestImmutableFieldInTwoUpdates(t *testing.T) {
	c := Compile(mustSchema(t, fmt.Sprintf(correlationSchema, schema.Immutable)))
	steps := []string{`{"spec": {"engine": "a"}}`, `{}`, `{"spec": {"engine": "b"}}`}
	for i := 1; i < len(steps); i++ {
		errs := c.Check(field.NewPath("x"), mustObject(t, steps[i]), mustObject(t, steps[i-1]))
		if got := describe(errs); !reflect.DeepEqual(got, []wantError{{"x.spec.engine: Forbidden: field is immutable", "mutability=Immutable"}}) {
			t.Errorf("update %d (%s -> %s): %v", i, steps[i-1], steps[i], got)
		}
	}
}

// TestSeed000OpenQuestion pins the decision on the seed's TODO ("removal +
// addition = change"): across two updates, an item may be removed and added
// back with another value; each update is checked on its own.
func TestSeed000OpenQuestion(t *testing.T) {
	c := Compile(mustSchema(t, `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k],
	  items: {type: object, x-kubernetes-mutability: Immutable, properties: {k: {type: string}, v: {type: integer}}}}}}`))
	steps := []string{`{"foo": [{"k": "a", "v": 1}]}`, `{"foo": []}`, `{"foo": [{"k": "a", "v": 2}]}`}
	for i := 1; i < len(steps); i++ {
		if errs := c.Check(nil, mustObject(t, steps[i]), mustObject(t, steps[i-1])); len(errs) > 0 {
			t.Errorf("update %d (%s -> %s) must be accepted: %v", i, steps[i-1], steps[i], errs)
		}
	}
	if errs := c.Check(nil, mustObject(t, steps[2]), mustObject(t, steps[0])); len(errs) != 1 {
		t.Errorf("the same change in one update must be rejected: %v", errs)
	}
}

func TestSchemasWithoutExtensionsCostNothing(t *testing.T) {
	if c := Compile(mustSchema(t, `{type: object, properties: {spec: {type: object, properties: {a: {type: string}}}}}`)); c != nil {
		t.Errorf("want a nil checker, got %v", c)
	}
	var c *Checker
	if errs := c.Check(nil, map[string]any{"a": int64(1)}, map[string]any{}); errs != nil {
		t.Errorf("a nil checker reports nothing: %v", errs)
	}
}

func describe(errs field.ErrorList) []wantError {
	var out []wantError
	for _, e := range errs {
		out = append(out, wantError{e.Error(), e.Origin})
	}
	return out
}

// TestAnEndedContextStopsTheWalk: a large update checked after its
// context ended reports a few errors at most, not one per changed value;
// with a live context, every change.
func TestAnEndedContextStopsTheWalk(t *testing.T) {
	c := Compile(mustSchema(t, `{type: object, properties: {m: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: Immutable}}}}`))
	newM, oldM := map[string]any{}, map[string]any{}
	for i := range 10000 {
		newM[fmt.Sprint(i)], oldM[fmt.Sprint(i)] = "new", "old"
	}
	obj, old := map[string]any{"m": newM}, map[string]any{"m": oldM}
	if errs := c.CheckContext(context.Background(), nil, obj, old); len(errs) != 10000 {
		t.Fatalf("%d errors with a live context, want 10000", len(errs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if errs := c.CheckContext(ctx, nil, obj, old); len(errs) >= walkstop.CheckEvery {
		t.Errorf("%d errors after the context ended, want fewer than %d", len(errs), walkstop.CheckEvery)
	}
	if errs := c.Check(nil, obj, old); len(errs) != 10000 {
		t.Errorf("a reused walker: %d errors, want 10000", len(errs))
	}
}
