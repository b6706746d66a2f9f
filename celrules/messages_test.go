package celrules

import (
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestFailedRuleErrors pins what users see when a rule is false: the
// message, messageExpression or rule; the reason's error type; the
// fieldPath; the bad value (the value itself, omitted for objects and
// arrays, "<nil>" as the path at the root).
func TestFailedRuleErrors(t *testing.T) {
	long := strings.Repeat("x", 5200)
	tests := []struct {
		name, rules, object string
		want                []string
		wantType            field.ErrorType
	}{
		{"message", `[{rule: "self.s != 'a'", message: "  s must not be a  "}]`, `{s: a}`,
			[]string{`spec: Invalid value: s must not be a`}, field.ErrorTypeInvalid},
		{"no message names the rule", `[{rule: " self.s != 'a' "}]`, `{s: a}`,
			[]string{`spec: Invalid value: failed rule: self.s != 'a'`}, field.ErrorTypeInvalid},
		{"messageExpression", `[{rule: "self.s != 'a'", message: m, messageExpression: "'s is ' + self.s"}]`, `{s: a}`,
			[]string{`spec: Invalid value: s is a`}, field.ErrorTypeInvalid},
		{"messageExpression trimmed", `[{rule: "self.s != 'a'", messageExpression: "'  s  '"}]`, `{s: a}`,
			[]string{`spec: Invalid value: s`}, field.ErrorTypeInvalid},
		{"messageExpression empty falls back", `[{rule: "self.s != 'a'", message: fallback, messageExpression: "'  '"}]`, `{s: a}`,
			[]string{`spec: Invalid value: fallback`}, field.ErrorTypeInvalid},
		{"messageExpression with a line break falls back", `[{rule: "self.s != 'a'", messageExpression: "'a\\nb'"}]`, `{s: a}`,
			[]string{`spec: Invalid value: failed rule: self.s != 'a'`}, field.ErrorTypeInvalid},
		{"messageExpression too long falls back", `[{rule: "self.s != 'a'", message: fallback, messageExpression: "'` + long + `'"}]`, `{s: a}`,
			[]string{`spec: Invalid value: fallback`}, field.ErrorTypeInvalid},
		{"messageExpression error falls back", `[{rule: "self.s != 'a'", message: fallback, messageExpression: "string(self.m['x'])"}]`, `{s: a, m: {}}`,
			[]string{`spec: Invalid value: fallback`}, field.ErrorTypeInvalid},
		{"reason Forbidden", `[{rule: "self.s != 'a'", reason: FieldValueForbidden, message: denied}]`, `{s: a}`,
			[]string{`spec: Forbidden: denied`}, field.ErrorTypeForbidden},
		{"reason Required", `[{rule: "self.s != 'a'", reason: FieldValueRequired, message: denied}]`, `{s: a}`,
			[]string{`spec: Required value: denied`}, field.ErrorTypeRequired},
		{"reason Duplicate has no detail", `[{rule: "self.s != 'a'", reason: FieldValueDuplicate, message: denied}]`, `{s: a}`,
			[]string{`spec: Duplicate value`}, field.ErrorTypeDuplicate},
		{"fieldPath", `[{rule: "self.s != 'a'", fieldPath: ".s", message: denied}]`, `{s: a}`,
			[]string{`spec.s: Invalid value: denied`}, field.ErrorTypeInvalid},
		{"fieldPath to a map key", `[{rule: "self.s != 'a'", fieldPath: ".m['a.b']", message: denied}]`, `{s: a}`,
			[]string{`spec.m[a.b]: Invalid value: denied`}, field.ErrorTypeInvalid},
		{"scalar bad value", `[]`, `{num: 3}`,
			[]string{`spec.num: Invalid value: 3: small`}, field.ErrorTypeInvalid},
		{"string bad value", `[]`, `{s: "Hello, new world!", t: x}`,
			[]string{`spec.t: Invalid value: "x": t is y`}, field.ErrorTypeInvalid},
		{"no such key", `[{rule: "self.m['x'] == 1"}]`, `{m: {}}`,
			[]string{`spec: Invalid value: "object": no such key: x evaluating rule: self.m['x'] == 1`}, field.ErrorTypeInvalid},
		{"division by zero", `[{rule: "1 / self.num == 1", message: div}]`, `{num: 0}`,
			[]string{`spec: Invalid value: "object": division by zero evaluating rule: div`}, field.ErrorTypeInvalid},
		{"int-or-string of the wrong kind", `[]`, `{ios: "5"}`,
			[]string{`spec.ios: Invalid value: "": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: self > 1`}, field.ErrorTypeInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := compileRoot(t, `
type: object
properties:
  spec:
    type: object
    x-kubernetes-validations: `+tt.rules+`
    properties:
      s: {type: string}
      t: {type: string, x-kubernetes-validations: [{rule: "self == 'y'", messageExpression: "'t is y'"}]}
      num: {type: integer, x-kubernetes-validations: [{rule: "self < 2", message: small}]}
      m: {type: object, additionalProperties: {type: integer}}
      ios: {x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: "self > 1"}]}
`)
			res := create(v, parse(t, "spec: "+tt.object))
			if got := messages(res.Errors); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %q\nwant %q", got, tt.want)
			}
			if res.Errors[0].Type != tt.wantType {
				t.Errorf("type %s, want %s", res.Errors[0].Type, tt.wantType)
			}
		})
	}
}

// TestRootErrorsHaveTheNilPath: rules on the resource root report "<nil>",
// and objects are not printed.
func TestRootErrorsHaveTheNilPath(t *testing.T) {
	v := compileRoot(t, `{type: object, x-kubernetes-validations: [{rule: "self.metadata.name.startsWith('a')", messageExpression: "self.kind + ' ' + self.metadata.name"}]}`)
	res := create(v, parse(t, `{apiVersion: v1, kind: Widget, metadata: {name: bob}}`))
	if got := messages(res.Errors); !reflect.DeepEqual(got, []string{`<nil>: Invalid value: Widget bob`}) {
		t.Errorf("got %q", got)
	}
}

// TestBudgets: a call over the per-call limit and an object over the
// budget stop the walk with upstream's messages.
func TestBudgets(t *testing.T) {
	v := compileRoot(t, `
type: object
properties:
  list:
    type: array
    items: {type: string}
    x-kubernetes-validations:
    - rule: self.all(x, self.all(y, x == y || x != y))
    - rule: "false"
`)
	// long strings make each comparison expensive, so the limit comes fast
	item := strings.Repeat("a", 2000)
	items := strings.TrimSuffix(strings.Repeat(item+",", 120), ",")
	res := create(v, parse(t, "list: ["+items+"]"))
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0].Detail, "no further validation rules will be run due to call cost exceeds limit for rule: self.all(x, self.all(y, x == y || x != y))") {
		t.Errorf("per-call limit: got %q", messages(res.Errors))
	}
	if res.Budget >= 0 {
		t.Errorf("the walk must stop with a negative budget, left %d", res.Budget)
	}
	small := v.Validate(t.Context(), nil, parse(t, "list: [a, b]"), nil, EvalOptions{Budget: 5})
	want := []string{`list: Invalid value: "array": validation failed due to running out of cost budget, no further validation rules will be run`}
	if got := messages(small.Errors); !reflect.DeepEqual(got, want) {
		t.Errorf("budget: got %q\nwant %q", got, want)
	}
}

// TestCompileErrorsAreReported: a rule that does not compile fails Compile
// and, evaluated anyway (as on defaults), reports itself.
func TestCompileErrorsAreReported(t *testing.T) {
	s := parseSchema(t, `{type: object, properties: {num: {type: integer, x-kubernetes-validations: [{rule: "self.nope"}, {rule: "self < 5"}]}}}`)
	if _, err := Compile(s, nil); err == nil || !strings.Contains(err.Error(), "openAPIV3Schema.properties[num].x-kubernetes-validations[0].rule") {
		t.Errorf("Compile must name the rule: %v", err)
	}
	v := NewValidator(s, Options{ResourceRoot: true})
	got := messages(create(v, parse(t, `{num: 7}`)).Errors)
	if len(got) != 2 || !strings.HasPrefix(got[0], `num: Invalid value: "integer": rule compile error: compilation failed:`) || got[1] != `num: Invalid value: 7: failed rule: self < 5` {
		t.Errorf("got %q", got)
	}
}
