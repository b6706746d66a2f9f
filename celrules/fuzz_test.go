package celrules

import (
	"context"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/schema"
)

// fuzzSchema has a rule slot on an object with every kind of value, and on
// the items of a map list (correlated on update).
const fuzzSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      s: {type: string, maxLength: 64}
      num: {type: integer}
      f: {type: number}
      b: {type: boolean}
      ios: {x-kubernetes-int-or-string: true}
      d: {type: string, format: duration}
      t: {type: string, format: date-time}
      l: {type: array, maxItems: 8, items: {type: string, maxLength: 16}}
      m: {type: object, maxProperties: 8, additionalProperties: {type: integer}}
      items:
        type: array
        maxItems: 8
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items:
          type: object
          required: [name]
          properties:
            name: {type: string, maxLength: 8}
            value: {type: integer}
      free: {type: object, x-kubernetes-preserve-unknown-fields: true}
`

// FuzzRules compiles fuzzed rules (and messageExpressions) on two nodes and
// evaluates them on generated objects and updates with a fuzzed budget:
// nothing panics, and the budget is enforced (an evaluation that stops
// early says why, and no evaluation runs away).
func FuzzRules(f *testing.F) {
	seeds := []string{
		"self.s == oldSelf.s", "self.l.all(x, x.size() < 5)", "self.m.exists(k, self.m[k] > 1)",
		"self.l.all(x, self.l.all(y, x == y || x != y))", "type(self.ios) == int ? self.ios > 1 : self.ios.endsWith('%')",
		"self.d < duration('1h') && self.t.getFullYear() > 2000", "oldSelf.hasValue()", "self.value == oldSelf.value",
		"self.name.matches('^[a-z]+$')", "self.f > 1.5 || self.b", "self.m.map(k, self.m[k]).sum() == 0",
		"quantity('1Gi').isGreaterThan(quantity('1Mi'))", "self.free.x == 1", "[1,2,3].all(i, v, i < v)",
	}
	for i, s := range seeds {
		f.Add(s, "'message: ' + string(self)", int64(i), uint32(10000+i*100000), i%2 == 0)
	}
	base := parseSchema(f, fuzzSchema)
	f.Fuzz(func(t *testing.T, rule, message string, seed int64, budget uint32, optional bool) {
		s := withRules(base, rule, message, optional)
		v := NewValidator(s, Options{ResourceRoot: true})
		if v == nil {
			t.Fatal("a schema with rules has a validator")
		}
		g := objgen.New(seed, objgen.Options{Optional: 0.7, Null: 0.05, WrongType: 0.05, MaxItems: 4, MaxDepth: 2})
		old := g.Resource(s, "example.com/v1", "Widget")
		obj := g.Mutate(s, old)
		for _, o := range []map[string]any{nil, old} {
			checkEvaluation(t, v, obj, o, int64(budget))
		}
	})
}

// withRules returns a copy of s with the rule on spec and on the map
// list's items; optional sets optionalOldSelf.
func withRules(s *schema.Schema, rule, message string, optional bool) *schema.Schema {
	r := schema.ValidationRule{Rule: rule, MessageExpression: message}
	if optional {
		r.OptionalOldSelf = &optional
	}
	root := *s
	spec := *s.Properties["spec"]
	spec.Validations = []schema.ValidationRule{r}
	items := *spec.Properties["items"]
	item := *items.Items
	item.Validations = []schema.ValidationRule{r, {Rule: "self.name.size() > 0"}}
	items.Items = &item
	spec.Properties = copyProps(spec.Properties)
	spec.Properties["items"] = &items
	root.Properties = copyProps(s.Properties)
	root.Properties["spec"] = &spec
	return &root
}

func copyProps(in map[string]*schema.Schema) map[string]*schema.Schema {
	out := make(map[string]*schema.Schema, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

// checkEvaluation evaluates and checks the invariants.
func checkEvaluation(t *testing.T, v *Validator, obj, old map[string]any, budget int64) {
	t.Helper()
	var oldValue any
	if old != nil {
		oldValue = old
	}
	start := time.Now()
	res := v.Validate(context.Background(), nil, obj, oldValue, EvalOptions{Budget: budget, Ratcheting: true})
	if elapsed := time.Since(start); elapsed > 20*time.Second {
		t.Errorf("evaluation took %v: the cost limits did not stop it", elapsed)
	}
	all := append(append(field.ErrorList(nil), res.Errors...), res.Ratcheted...)
	for _, e := range all {
		if strings.Contains(e.Detail, "evaluating x-kubernetes-validations:") {
			t.Fatalf("panic: %v", e)
		}
	}
	if res.Budget > budget {
		t.Errorf("budget grew: %d of %d left", res.Budget, budget)
	}
	if res.Budget < 0 && !saysWhyItStopped(all) {
		t.Errorf("the evaluation stopped early (budget %d) without saying why: %v", res.Budget, all)
	}
}

func saysWhyItStopped(errs field.ErrorList) bool {
	for _, e := range errs {
		if strings.Contains(e.Detail, "no further validation rules will be run") || e.Type == field.ErrorTypeInternal {
			return true
		}
	}
	return false
}
