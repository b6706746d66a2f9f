package celrules

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// namesSchema has a cheap rule on every item of an unbounded list: its
// estimate is within the per-call limit, so it can run untracked.
const namesSchema = `
type: object
properties:
  names:
    type: array
    items: {type: string, maxLength: 10, x-kubernetes-validations: [{rule: "self != 'bad'", messageExpression: "'bad name ' + self"}]}
`

func namesObject(t *testing.T, n int, bad bool) map[string]any {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("n%d", i)
	}
	if bad {
		names[n-1] = "bad"
	}
	return parse(t, "names: ["+strings.Join(names, ", ")+"]")
}

// TestEstimatedCostsGiveTheExactOutcome: with estimated costs a walk that
// stays within the budget runs untracked and reports what an exact walk
// reports; one whose estimates exhaust the budget is abandoned and run
// again exactly, so the budget runs out where kube-apiserver's does.
func TestEstimatedCostsGiveTheExactOutcome(t *testing.T) {
	v := compileRoot(t, namesSchema)
	for _, tc := range []struct {
		name      string
		items     int
		budget    int64
		abandoned bool
	}{
		{"within the budget", 20, RuntimeCELCostBudget, false},
		{"estimates exhaust the budget, costs do not", 20, 44, true}, // costs 43, estimates 46
		{"the budget runs out", 200, 60, true},
	} {
		obj := namesObject(t, tc.items, true)
		exact := v.Validate(context.Background(), nil, obj, nil, EvalOptions{Budget: tc.budget})
		estimated := v.Validate(context.Background(), nil, obj, nil, EvalOptions{Budget: tc.budget, EstimatedCosts: true})
		if !reflect.DeepEqual(messages(estimated.Errors), messages(exact.Errors)) || len(exact.Errors) == 0 {
			t.Errorf("%s: estimated %q, exact %q", tc.name, messages(estimated.Errors), messages(exact.Errors))
		}
		if _, done := v.walk(context.Background(), nil, obj, nil, EvalOptions{Budget: tc.budget}, true); done == tc.abandoned {
			t.Errorf("%s: walk with estimated costs done %v, want abandoned %v", tc.name, done, tc.abandoned)
		}
	}
}

// TestAnExpensiveRuleIsAlwaysTracked: a rule whose estimate exceeds the
// per-call limit keeps its cost tracking (no untracked program).
func TestAnExpensiveRuleIsAlwaysTracked(t *testing.T) {
	v := compileRoot(t, `
type: object
properties:
  names: {type: array, items: {type: string}, x-kubernetes-validations: [{rule: "self.all(a, self.all(b, self.all(c, a + b + c != 'x')))"}]}
`)
	rule := v.root.properties[0].node.rules[0]
	if rule.maxCost <= PerCallLimit || rule.untracked != nil || rule.program == nil {
		t.Errorf("estimated cost %d: untracked program %v", rule.maxCost, rule.untracked)
	}
}
