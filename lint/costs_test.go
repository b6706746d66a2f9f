package lint

import (
	"context"
	"strings"
	"testing"

	"github.com/kval-dev/kval/celrules"
)

// TestCELCostsWithFixHints: the checker's costs, most expensive first; a
// rule over the limit gets the bounds that fix it, in data and in words,
// and one within the limit gets none.
func TestCELCostsWithFixHints(t *testing.T) {
	crd := crdWith(t, `
type: object
properties:
  tags:
    type: array
    items: {type: string}
    x-kubernetes-validations:
    - rule: self.all(x, self.all(y, x == y || x != y))
  name:
    type: string
    maxLength: 10
    x-kubernetes-validations:
    - rule: self.size() > 1`)
	checker := celrules.NewChecker()
	CheckCRD(context.Background(), crd, Options{Rules: checker})
	costs := CELCosts(checker)
	if len(costs) != 2 || costs[0].Cost < costs[1].Cost {
		t.Fatalf("costs %+v: want two, most expensive first", costs)
	}
	over, within := costs[0], costs[1]
	if !over.OverLimit || len(over.Fixes) == 0 || !strings.HasSuffix(over.Field, "properties[tags].x-kubernetes-validations[0].rule") {
		t.Fatalf("expensive rule %+v", over)
	}
	hints := over.Hints()
	bound := over.Fixes[0][0]
	if len(hints) != len(over.Fixes) || !strings.HasPrefix(hints[0], "under the limit with "+bound.Keyword+": ") || !strings.HasSuffix(hints[0], " at "+bound.Field) {
		t.Errorf("hints %q for fixes %+v", hints, over.Fixes)
	}
	if within.OverLimit || within.Fixes != nil || within.Hints() != nil {
		t.Errorf("rule within the limit %+v, hints %q", within, within.Hints())
	}
	unfixable := CELCost{Cost: 2, Limit: 1, OverLimit: true}
	if got := unfixable.Hints(); len(got) != 1 || !strings.HasSuffix(got[0], "simplify the expression") {
		t.Errorf("over the limit without fixes: %q", got)
	}
}
