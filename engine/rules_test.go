package engine

import (
	"reflect"
	"strings"
	"testing"
)

// request is one kubectl apply of a seed 001 session: the object as
// applied, and what kube-apiserver answers (nil when it accepts it).
type request struct {
	object string
	errors []string
}

// runSession applies the requests in order, as kubectl apply does: the
// first creates the object, each later one updates the object the previous
// accepted request stored.
func runSession(t *testing.T, v *Validator, requests []request) {
	t.Helper()
	var stored map[string]any
	for i, r := range requests {
		var res *Result
		if stored == nil {
			res = v.Create(yamlObject(t, r.object))
		} else {
			res = v.Update(stored, yamlObject(t, r.object))
		}
		if got := errorStrings(res); !reflect.DeepEqual(got, r.errors) {
			t.Fatalf("request %d:\n%s\ngot errors:\n  %s\nwant:\n  %s", i, r.object, strings.Join(got, "\n  "), strings.Join(r.errors, "\n  "))
		}
		if res.Valid() {
			stored = res.Object
		}
	}
}

const seedMeta = "apiVersion: example.com/v1\nkind: Foo\nmetadata: {name: test1, namespace: default}\n"

// Seed 001: a field that may be set once, after which it can neither change
// nor go away.
func TestSeed001ImmutableSinceFirstWrite(t *testing.T) {
	v := compileSchema(t, `
type: object
properties:
  value:
    maxLength: 512
    type: string
    x-kubernetes-validations:
    - message: Value is immutable
      rule: self == oldSelf
x-kubernetes-validations:
- message: Value is required once set
  rule: '!has(oldSelf.value) || has(self.value)'
`)
	runSession(t, v, []request{
		{object: seedMeta},
		{object: seedMeta + "value: Hello, world!"},
		{object: seedMeta + "value: Hello, new world!", errors: []string{`value: Invalid value: "Hello, new world!": Value is immutable`}},
		{object: seedMeta, errors: []string{`<nil>: Invalid value: Value is required once set`}},
	})
}

// Seed 001: a list items may be added to but never removed from.
func TestSeed001AppendOnlyList(t *testing.T) {
	v := compileSchema(t, `
type: object
properties:
  value:
    type: array
    maxItems: 100
    items:
      type: object
      properties:
        name: {type: string}
        image: {type: string}
    x-kubernetes-validations:
    - message: Values may only be added
      rule: oldSelf.all(x, x in self)
x-kubernetes-validations:
- message: Value is required once set
  rule: '!has(oldSelf.value) || has(self.value)'
`)
	runSession(t, v, []request{
		{object: seedMeta + "value: [{name: container1, image: nginx/nginx}]"},
		{object: seedMeta + "value: [{name: container1, image: nginx/nginx}, {name: container2, image: mongodb/mongodb}]"},
		{object: seedMeta + "value: [{name: container1, image: nginx/nginx}]", errors: []string{`value: Invalid value: Values may only be added`}},
		{object: seedMeta, errors: []string{`<nil>: Invalid value: Value is required once set`}},
	})
}

// Seed 001: a map whose keys may be added but never removed, and whose
// values never change.
func TestSeed001MapAppendOnlyKeys(t *testing.T) {
	v := compileSchema(t, `
type: object
properties:
  values:
    type: object
    maxProperties: 10
    additionalProperties: {type: string}
    x-kubernetes-validations:
    - message: Keys may not be removed and their values must stay the same
      rule: oldSelf.all(key, key in self && self[key] == oldSelf[key])
x-kubernetes-validations:
- message: Value is required once set
  rule: '!has(oldSelf.values) || has(self.values)'
`)
	runSession(t, v, []request{
		{object: seedMeta + "values: {key1: value1}"},
		{object: seedMeta + "values: {key1: value1, key2: value2}"},
		{object: seedMeta + "values: {key1: value1}", errors: []string{`values: Invalid value: Keys may not be removed and their values must stay the same`}},
		{object: seedMeta + "values: {key1: value2, key2: value2}", errors: []string{`values: Invalid value: Keys may not be removed and their values must stay the same`}},
		{object: seedMeta, errors: []string{`<nil>: Invalid value: Value is required once set`}},
	})
}
