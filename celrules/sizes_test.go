package celrules

import (
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/objgen"
)

// boundedSchema bounds every list, map and string, as the value checks
// would enforce.
const boundedSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      s: {type: string, maxLength: 8}
      e: {type: string, enum: [a, bb, ccc]}
      num: {type: integer}
      l: {type: array, maxItems: 3, items: {type: string, maxLength: 4}}
      m: {type: object, maxProperties: 2, additionalProperties: {type: string, maxLength: 5}}
      o: {type: object, properties: {a: {type: string, maxLength: 3}, c: {type: integer}}}
      items:
        type: array
        maxItems: 4
        items:
          type: object
          properties: {name: {type: string, maxLength: 6}}
`

// boundedRules are rules charged their estimate where the sizes hold
// (true), and rules whose estimate does not bound their cost (false): they
// compare objects, whose size the estimator takes to be zero.
var boundedRules = map[string]bool{
	"self.s == oldSelf.s":                            true,
	"self.s.contains(self.e)":                        true,
	"self.l.all(x, x.startsWith(self.s))":            true,
	"self.m.exists(k, self.m[k] == self.s)":          false, // ranges over keys, estimated empty
	"'k' in self.m && self.m['k'] == self.s":         true,
	"self.items.all(i, i.name.size() < 5)":           true,
	"self.items.exists(i, has(i.name))":              true,
	"self.?o.?a.orValue('') == 'x'":                  true,
	"self.o == oldSelf.o":                            false,
	"self.items.exists(i, i == self.items[0])":       false,
	"[self.o].size() == 1":                           false,
	"self.items[0] != oldSelf.items[0] || true":      false,
	"self.l.map(x, x + self.s).join(',').size() > 0": false, // estimate over the per-call limit
}

func TestWhichRulesAreBounded(t *testing.T) {
	s := parseSchema(t, boundedSchema)
	for rule, want := range boundedRules {
		v := NewValidator(withSpecRule(s, rule), Options{ResourceRoot: true})
		if errs := v.CompileErrors(); len(errs) > 0 {
			t.Fatalf("%s: %v", rule, errs)
		}
		compiled := &v.root.properties[0].node.rules[0]
		if compiled.bounded != want {
			t.Errorf("%s: bounded %v, want %v (estimate %d)", rule, compiled.bounded, want, compiled.maxCost)
		}
		if want && v.sizes == nil {
			t.Errorf("%s: no size bounds to check", rule)
		}
	}
}

// TestEstimateBoundsActualCostWithinSizes evaluates the bounded rules,
// metered, on generated values, some beyond their bounds: wherever the
// sizes hold, the actual cost is at most the estimate.
func TestEstimateBoundsActualCostWithinSizes(t *testing.T) {
	s := parseSchema(t, boundedSchema)
	held := 0
	for rule, bounded := range boundedRules {
		if !bounded {
			continue
		}
		v := NewValidator(withSpecRule(s, rule), Options{ResourceRoot: true})
		if v.sizes == nil {
			t.Fatalf("%s: no size bounds to check", rule)
		}
		n := v.root.properties[0].node
		compiled := &n.rules[0]
		for seed := range int64(300) {
			g := objgen.New(seed, objgen.Options{Optional: 0.8, Null: 0.02, MaxItems: 5, MaxDepth: 3})
			old := g.Resource(s, "example.com/v1", "Widget")
			obj := g.Mutate(s, old)
			if !v.sizes.holds(obj) || !v.sizes.holds(old) {
				continue
			}
			held++
			spec, _ := obj["spec"].(map[string]any)
			oldSpec, _ := old["spec"].(map[string]any)
			if spec == nil || oldSpec == nil {
				continue
			}
			plain, _ := activations(n, spec, oldSpec)
			_, details, _ := compiled.program.Eval(plain)
			if cost := *details.ActualCost(); cost > compiled.maxCost {
				t.Errorf("%s on %v: actual cost %d over the estimate %d", rule, spec, cost, compiled.maxCost)
			}
		}
	}
	if held == 0 {
		t.Fatal("no generated object was within the bounds")
	}
}

func TestSizesHold(t *testing.T) {
	v := NewValidator(withSpecRule(parseSchema(t, boundedSchema), "self.s == oldSelf.s"), Options{ResourceRoot: true})
	for _, c := range []struct {
		name string
		spec map[string]any
		want bool
	}{
		{"empty", map[string]any{}, true},
		{"within", map[string]any{"s": strings.Repeat("s", 32), "e": "ccc", "l": []any{"abcd"}, "m": map[string]any{"k": "v"}, "o": map[string]any{"a": "abc", "c": int64(1)}}, true},
		{"string of 32 runes in more bytes", map[string]any{"s": strings.Repeat("é", 32)}, true},
		{"string beyond its bound (maxLength in bytes, 4 a rune)", map[string]any{"s": strings.Repeat("s", 33)}, false},
		{"enum value longer than every member", map[string]any{"e": "dddd"}, false},
		{"list beyond maxItems", map[string]any{"l": []any{"a", "b", "c", "d"}}, false},
		{"item beyond its bound", map[string]any{"l": []any{strings.Repeat("i", 17)}}, false},
		{"map beyond maxProperties", map[string]any{"m": map[string]any{"a": "", "b": "", "c": ""}}, false},
		{"map value beyond its bound", map[string]any{"m": map[string]any{"a": strings.Repeat("v", 21)}}, false},
		{"object field beyond its bound", map[string]any{"o": map[string]any{"a": strings.Repeat("a", 13)}}, false},
		{"item's field beyond its bound", map[string]any{"items": []any{map[string]any{"name": strings.Repeat("n", 25)}}}, false},
		{"unknown field", map[string]any{"zzz": strings.Repeat("x", 100)}, true},
		{"wrong type", map[string]any{"num": "a string where an integer belongs"}, false},
	} {
		obj := map[string]any{"spec": c.spec}
		if got := v.sizes.holds(obj); got != c.want {
			t.Errorf("%s: holds %v, want %v", c.name, got, c.want)
		}
	}
	long := map[string]any{"metadata": map[string]any{"name": strings.Repeat("n", 1013)}, "spec": map[string]any{}}
	if v.sizes.holds(long) {
		t.Error("a name longer than the root's metadata type allows holds")
	}
	if v.sizes.holds(long) {
		t.Error("a name longer than the root's metadata type allows holds")
	}
}
