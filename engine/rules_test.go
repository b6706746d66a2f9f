package engine

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/schema"
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
			res = create(t, v, yamlObject(t, r.object))
		} else {
			res = update(t, v, stored, yamlObject(t, r.object))
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

// Seed 001: a required field that can never change. Creating the object
// without it fails on the requirement, which keeps the rules from running.
func TestSeed001ImmutableSinceCreation(t *testing.T) {
	v := compileSchema(t, `
type: object
required: [value]
properties:
  value:
    maxLength: 512
    type: string
    x-kubernetes-validations:
    - message: Value is immutable
      rule: self == oldSelf
`)
	blocked := []string{`value: Required value`, `<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation`}
	runSession(t, v, []request{
		{object: seedMeta, errors: blocked},
		{object: seedMeta + "value: Hello, world!"},
		{object: seedMeta + "value: Hello, new world!", errors: []string{`value: Invalid value: "Hello, new world!": Value is immutable`}},
		{object: seedMeta, errors: blocked},
	})
}

// TestRulesAreBlockedByTypeErrors: a value of the wrong type keeps every
// rule from running, with upstream's one error instead.
func TestRulesAreBlockedByTypeErrors(t *testing.T) {
	v := compileSchema(t, `
type: object
properties:
  value: {type: string}
  other: {type: string, x-kubernetes-validations: [{rule: "self == 'x'"}]}
`)
	res := create(t, v, yamlObject(t, seedMeta+"value: {a: 1}\nother: z"))
	got := errorStrings(res)
	if len(got) != 2 || got[1] != `<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation` {
		t.Errorf("got %q", got)
	}
}

// TestRatchetedRuleErrorsAreWarnings: on update, a failing rule on a value
// the update did not change is a warning; with ratcheting disabled, an error.
func TestRatchetedRuleErrorsAreWarnings(t *testing.T) {
	const schemaYAML = `
type: object
properties:
  legacy: {type: string, x-kubernetes-validations: [{rule: "self.size() < 3", message: too long}]}
  other: {type: string}
`
	old := yamlObject(t, seedMeta+"legacy: abcdef\nother: a")
	changed := seedMeta + "legacy: abcdef\nother: b"
	v := compileSchema(t, schemaYAML)
	res := update(t, v, old, yamlObject(t, changed))
	if !res.Valid() {
		t.Fatalf("unexpected errors: %v", res.Errors)
	}
	want := []string{`legacy: Invalid value: "abcdef": too long`}
	if got := ratchetedStrings(res); !reflect.DeepEqual(got, want) {
		t.Errorf("ratcheted %q, want %q", got, want)
	}
	res = updateWithoutRatcheting(t, v, old, yamlObject(t, changed))
	if got := errorStrings(res); !reflect.DeepEqual(got, []string{`legacy: Invalid value: "abcdef": too long`}) {
		t.Errorf("without ratcheting: got %q", got)
	}
}

// TestCompileRejectsRulesThatDoNotCompile: kube-apiserver would not have
// accepted the CRD.
func TestCompileRejectsRulesThatDoNotCompile(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {a: {type: string}}}`)
	v.crd.Spec.Validation.OpenAPIV3Schema.Properties["a"].Validations = []schema.ValidationRule{{Rule: "self > 1"}}
	_, err := Compile(v.crd, "v1", Options{})
	if err == nil || !strings.Contains(err.Error(), "openAPIV3Schema.properties[a].x-kubernetes-validations[0].rule") {
		t.Errorf("got %v", err)
	}
}

// TestRulesOnStatusUpdates: a status update runs every rule on the object it
// stores (the old spec with the new status), as kube-apiserver's status
// strategy does.
func TestRulesOnStatusUpdates(t *testing.T) {
	v := compileWith(t, `
type: object
properties:
  spec:
    type: object
    properties:
      size: {type: integer, x-kubernetes-validations: [{rule: "self == oldSelf", message: size is immutable}]}
  status:
    type: object
    properties:
      ready: {type: integer, x-kubernetes-validations: [{rule: "self >= 0", message: ready must not be negative}]}
`, &schema.Subresources{Status: true}, schema.NamespaceScoped)
	old := yamlObject(t, seedMeta+"spec: {size: 1}\nstatus: {ready: 1}")
	res := updateStatus(t, v, old, yamlObject(t, seedMeta+"spec: {size: 2}\nstatus: {ready: -1}"))
	if got := errorStrings(res); !reflect.DeepEqual(got, []string{"status.ready: Invalid value: -1: ready must not be negative"}) {
		t.Errorf("got %q", got)
	}
}
