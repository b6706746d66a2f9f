package cli

import (
	"fmt"
	"sort"

	"github.com/kval-dev/kval/celrules"
)

// celCost explains the estimated cost of one CEL rule or messageExpression
// in lint's output.
type celCost struct {
	Field      string `json:"field"`
	Expression string `json:"expression"`
	Cost       uint64 `json:"cost"`
	Limit      uint64 `json:"limit"`
	OverLimit  bool   `json:"overLimit"`
	// Fixes are the sets of bounds that each bring the cost under the limit.
	Fixes [][]celBound `json:"fixes,omitempty"`
}

type celBound struct {
	Field   string `json:"field"`
	Keyword string `json:"keyword"`
	Max     int64  `json:"max"`
}

// withCosts adds the costs the checker estimated: those over the limit, or
// all of them, most expensive first.
func (r lintResult) withCosts(checker *celrules.Checker, all bool) lintResult {
	for _, c := range checker.Costs() {
		if !all && !c.OverLimit() {
			continue
		}
		r.CELCosts = append(r.CELCosts, celCostOf(c))
	}
	sort.SliceStable(r.CELCosts, func(i, j int) bool { return r.CELCosts[i].Cost > r.CELCosts[j].Cost })
	return r
}

func celCostOf(c celrules.RuleCost) celCost {
	out := celCost{Field: c.Path.String(), Expression: c.Expression, Cost: c.Cost, Limit: c.Limit, OverLimit: c.OverLimit()}
	for _, fix := range c.Fixes() {
		bounds := make([]celBound, len(fix))
		for i, b := range fix {
			bounds[i] = celBound{Field: b.Path.String(), Keyword: b.Keyword, Max: b.Value}
		}
		out.Fixes = append(out.Fixes, bounds)
	}
	return out
}

// printCELCosts explains costs after a verdict in text output.
func printCELCosts(s streams, costs []celCost) {
	for _, c := range costs {
		verdict := "within"
		if c.OverLimit {
			verdict = "over"
		}
		fmt.Fprintf(s.out, "  CEL cost of %s: %s\n    estimated cost %d, %s the limit of %d\n", c.Field, c.Expression, c.Cost, verdict, c.Limit)
		for _, fix := range c.Fixes {
			fmt.Fprintf(s.out, "    under the limit with")
			for i, b := range fix {
				if i > 0 {
					fmt.Fprintf(s.out, " and")
				}
				fmt.Fprintf(s.out, " %s: %d at %s", b.Keyword, b.Max, b.Field)
			}
			fmt.Fprintln(s.out)
		}
		if c.OverLimit && len(c.Fixes) == 0 {
			fmt.Fprintf(s.out, "    no maxItems, maxProperties or maxLength brings it under the limit: simplify the expression\n")
		}
	}
}
