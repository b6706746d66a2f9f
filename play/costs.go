package play

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kval-dev/kval/celrules"
)

// ruleCosts are a CRD's rules as `kval lint --cel-costs` lists them.
func ruleCosts(doc document, costs []celrules.RuleCost) []RuleCost {
	out := make([]RuleCost, len(costs))
	paths := make([]string, len(costs))
	for i, c := range costs {
		out[i] = ruleCost(c)
		paths[i] = c.Path.String()
	}
	for i, line := range doc.raw.FieldLines(doc.Source, paths) {
		out[i].Line = line
	}
	return out
}

func ruleCost(c celrules.RuleCost) RuleCost {
	out := RuleCost{Field: c.Path.String(), Expression: c.Expression, Cost: c.Cost, Limit: c.Limit, OverLimit: c.OverLimit()}
	for _, fix := range c.Fixes() {
		bounds := make([]Bound, len(fix))
		for i, b := range fix {
			bounds[i] = Bound{Field: b.Path.String(), Keyword: b.Keyword, Max: b.Value}
		}
		out.Fixes = append(out.Fixes, bounds)
	}
	out.Hint = hint(out)
	return out
}

// hint says what kval lint says under a rule's cost: the bounds that
// bring it under the limit, or that none does.
func hint(c RuleCost) string {
	var fixes []string
	for _, fix := range c.Fixes {
		var b strings.Builder
		b.WriteString("under the limit with")
		for i, bound := range fix {
			if i > 0 {
				b.WriteString(" and")
			}
			fmt.Fprintf(&b, " %s: %d at %s", bound.Keyword, bound.Max, bound.Field)
		}
		fixes = append(fixes, b.String())
	}
	if c.OverLimit && len(fixes) == 0 {
		return "no maxItems, maxProperties or maxLength brings it under the limit: simplify the expression"
	}
	return strings.Join(fixes, "\n")
}

// sortRules puts the most expensive rules first, as kval lint does.
func sortRules(rules []RuleCost) {
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].Cost > rules[j].Cost })
}
