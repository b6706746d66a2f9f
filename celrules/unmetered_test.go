package celrules

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/objgen"
)

// sizeFreeSchema has a node with every kind of value, none of them bounded.
const sizeFreeSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      s: {type: string}
      num: {type: integer}
      f: {type: number}
      b: {type: boolean}
      ios: {x-kubernetes-int-or-string: true}
      d: {type: string, format: duration}
      l: {type: array, items: {type: string}}
      m: {type: object, additionalProperties: {type: integer}}
      o: {type: object, properties: {a: {type: string}, c: {type: integer}}}
`

// sizeFreeRules are rules whose cost does not depend on the sizes of the
// values they read, and others whose cost does (false).
var sizeFreeRules = map[string]bool{
	"self.num > 1":                                     true,
	"self.s == 'abc'":                                  true,
	"has(self.s) == has(self.num)":                     true,
	"self.s.size() < 10 && self.l.size() < 3":          true,
	"self.o.a == 'x' ? self.o.c > 0 : !has(self.o.c)":  true,
	"self.f > 1.5 || self.b":                           true,
	"type(self.ios) == int ? self.ios > 1 : true":      false,
	"self.d < duration('1h')":                          true,
	"[1, 2, 3].all(i, i > 0)":                          true,
	"self.m.size() == 0 || 'a' in self.m":              true,
	"quantity('1Gi').isGreaterThan(quantity('1Mi'))":   true,
	"self.s == oldSelf.s":                              false,
	"self.s.startsWith('a')":                           true,
	"self.s.contains('a')":                             false,
	"self.s.matches('^a')":                             false,
	"self.l.all(x, x == 'a')":                          false,
	"self.m.exists(k, self.m[k] > 1)":                  false,
	"self.s + 'x' != 'y'":                              false,
	"self.l == ['a']":                                  true,
	"self.l.exists(x, x == self.s)":                    false,
	"'a' in self.l":                                    false,
	"self.o == oldSelf.o":                              false,
	"self.s.lowerAscii() == 'abc'":                     false,
	"int(self.num) + 1 > 0 && string(self.num) == '1'": true,
}

// sizeFreeValidator compiles rule on spec.
func sizeFreeValidator(t testing.TB, rule string) (*Validator, *compiledRule) {
	t.Helper()
	v := NewValidator(withSpecRule(parseSchema(t, sizeFreeSchema), rule), Options{ResourceRoot: true})
	if errs := v.CompileErrors(); len(errs) > 0 {
		t.Fatalf("%s: %v", rule, errs)
	}
	return v, &v.root.properties[0].node.rules[0]
}

func TestWhichRulesAreSizeFree(t *testing.T) {
	for rule, want := range sizeFreeRules {
		_, compiled := sizeFreeValidator(t, rule)
		if got := compiled.sizeFree; got != want {
			t.Errorf("%s: size-free %v, want %v (bound %d)", rule, got, want, compiled.sizeFreeCost)
		}
	}
}

// TestSizeFreeCostBoundsActualCost evaluates the size-free rules, metered,
// on generated values of any size (every size is unbounded in the schema,
// and some strings and lists are made long): the actual cost never exceeds
// the bound.
func TestSizeFreeCostBoundsActualCost(t *testing.T) {
	s := parseSchema(t, sizeFreeSchema)
	for rule, free := range sizeFreeRules {
		if !free {
			continue
		}
		v, compiled := sizeFreeValidator(t, rule)
		if !compiled.sizeFree {
			continue // TestWhichRulesAreSizeFree says why
		}
		n := v.root.properties[0].node
		for seed := range int64(200) {
			g := objgen.New(seed, objgen.Options{Optional: 0.7, Null: 0.05, WrongType: 0.05, MaxItems: 4, MaxDepth: 2})
			old := g.Resource(s, "example.com/v1", "Widget")
			spec, _ := g.Mutate(s, old)["spec"].(map[string]any)
			if spec == nil {
				continue
			}
			if seed%4 == 0 {
				spec["s"], spec["l"] = strings.Repeat("abc", 50000), repeatAny("a", 5000)
			}
			plain, _ := activations(n, spec, old["spec"])
			_, details, _ := compiled.program.Eval(plain)
			if cost := *details.ActualCost(); cost > compiled.sizeFreeCost {
				t.Errorf("%s: actual cost %d over the size-free bound %d", rule, cost, compiled.sizeFreeCost)
			}
		}
	}
}

// budgetSchema has a list of items with a size-free rule whose actual cost
// is below its bound (the || stops early), then a list of strings with a
// metered rule: with a budget that ends within the metered rules, only a
// walk that knows what is left exactly gets their verdicts right.
const budgetSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      a:
        type: array
        items:
          type: object
          properties: {v: {type: integer}, w: {type: integer}}
          x-kubernetes-validations:
          - rule: "self.v == 1 || (self.w == 2 && self.w == 3 && self.w == 4 && self.w == 5)"
            messageExpression: "'v is ' + string(self.v)"
      z:
        type: array
        items:
          type: string
          x-kubernetes-validations:
          - rule: "!self.contains('q')"
`

// TestSkipCostTrackingChangesNothing compares walks with and without cost
// tracking skipped, on create and update, with budgets around what the
// walk costs: the same errors, ratcheted errors, and a budget left
// that is at most the exact one. Where the budget ends within the metered
// rules, the walk that skipped tracking runs out early and is run again.
func TestSkipCostTrackingChangesNothing(t *testing.T) {
	v := compileRoot(t, budgetSchema)
	items, long := []any{}, []any{}
	for i := range 40 {
		items = append(items, map[string]any{"v": int64(1 + i%7/6), "w": int64(2)})
	}
	for range 1000 {
		long = append(long, strings.Repeat("a", 10000))
	}
	obj := map[string]any{"spec": map[string]any{"a": items, "z": long}}
	old := map[string]any{"spec": map[string]any{"a": items[:20], "z": long[:1]}}
	for _, o := range []any{nil, old} {
		total := RuntimeCELCostBudget - v.Validate(context.Background(), nil, obj, o, EvalOptions{Budget: RuntimeCELCostBudget}).Budget
		if total < PerCallLimit {
			t.Fatalf("the walk costs %d, less than the per-call limit: nothing would run unmetered near its end", total)
		}
		for _, budget := range []int64{total - 2, total - 1, total, total + 1, total + 10, total + 60, total + 200, total + 400} {
			compareSkipped(t, v, obj, o, budget, true)
		}
	}
}

// compareSkipped evaluates with and without SkipCostTracking: the same
// errors and, with checkBudget, a lower bound of the budget left (not for
// rules over maps, whose cost depends on Go's map order, here as upstream).
func compareSkipped(t *testing.T, v *Validator, obj, old any, budget int64, checkBudget bool) {
	t.Helper()
	exact := v.Validate(context.Background(), nil, obj, old, EvalOptions{Budget: budget, Ratcheting: true})
	if again := v.Validate(context.Background(), nil, obj, old, EvalOptions{Budget: budget, Ratcheting: true}); !reflect.DeepEqual(exact, again) {
		return // an outcome that depends on Go's map order
	}
	fast := v.Validate(context.Background(), nil, obj, old, EvalOptions{Budget: budget, Ratcheting: true, SkipCostTracking: true})
	if !reflect.DeepEqual(exact.Errors, fast.Errors) || !reflect.DeepEqual(exact.Ratcheted, fast.Ratcheted) {
		t.Fatalf("budget %d: skipping cost tracking changed the outcome:\n%v\n%v\nwant\n%v\n%v",
			budget, fast.Errors, fast.Ratcheted, exact.Errors, exact.Ratcheted)
	}
	if checkBudget && (fast.Budget > exact.Budget || (fast.Budget < 0) != (exact.Budget < 0)) {
		t.Fatalf("budget %d: %d left skipping cost tracking, %d exactly", budget, fast.Budget, exact.Budget)
	}
}

// FuzzSkipCostTracking evaluates fuzzed rules on generated objects and
// updates with a fuzzed budget, with and without cost tracking skipped:
// the outcomes are the same.
func FuzzSkipCostTracking(f *testing.F) {
	for rule := range sizeFreeRules {
		f.Add(rule, "'v: ' + string(self)", int64(len(rule)), uint32(PerCallLimit+len(rule)*7))
	}
	base := parseSchema(f, fuzzSchema)
	f.Fuzz(func(t *testing.T, rule, message string, seed int64, budget uint32) {
		v := NewValidator(withRules(base, rule, message, false), Options{ResourceRoot: true})
		g := objgen.New(seed, objgen.Options{Optional: 0.7, Null: 0.05, WrongType: 0.05, MaxItems: 4, MaxDepth: 2})
		old := g.Resource(base, "example.com/v1", "Widget")
		obj := g.Mutate(base, old)
		for _, o := range []any{nil, old} {
			compareSkipped(t, v, obj, o, int64(budget), false)
		}
	})
}

// TestUnmeteredEvaluationErrorsAsMetered: a rule that fails at run time
// (a division by zero, a missing key, a field an object lacks) reports,
// unmetered, the error the metered evaluation reports.
func TestUnmeteredEvaluationErrorsAsMetered(t *testing.T) {
	obj := map[string]any{"spec": map[string]any{"num": int64(2), "m": map[string]any{}, "o": map[string]any{}}}
	for _, rule := range []string{"self.num / (self.num - 2) > 0", "self.m['missing'] > 0", "self.o.a == 'x'"} {
		v, compiled := sizeFreeValidator(t, rule)
		if !compiled.sizeFree {
			t.Fatalf("%s: not size-free, so it would not run unmetered", rule)
		}
		res := v.Validate(context.Background(), nil, obj, nil, EvalOptions{Budget: RuntimeCELCostBudget, SkipCostTracking: true})
		if len(res.Errors) != 1 {
			t.Fatalf("%s: want one evaluation error, got %v", rule, res.Errors)
		}
		compareSkipped(t, v, obj, nil, RuntimeCELCostBudget, false)
	}
}
