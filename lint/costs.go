package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kval-dev/kval/celrules"
)

// CELCost is one CEL rule's or messageExpression's estimated cost, as
// `kval lint --cel-costs` explains it, with the bounds that would bring it
// under its limit.
type CELCost struct {
	Field      string `json:"field"`
	Expression string `json:"expression"`
	Cost       uint64 `json:"cost"`
	Limit      uint64 `json:"limit"`
	OverLimit  bool   `json:"overLimit"`
	// Fixes are the sets of bounds that each bring the cost under the limit.
	Fixes [][]Bound `json:"fixes,omitempty"`
}

// Bound is one maxItems, maxProperties or maxLength to set.
type Bound struct {
	Field   string `json:"field"`
	Keyword string `json:"keyword"`
	Max     int64  `json:"max"`
}

// CELCosts are the costs the checker estimated, most expensive first (equal
// ones in the order they were checked), each with its fixes.
func CELCosts(checker *celrules.Checker) []CELCost {
	var out []CELCost
	for _, c := range checker.Costs() {
		out = append(out, costOf(c))
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Cost > out[j].Cost })
	return out
}

func costOf(c celrules.RuleCost) CELCost {
	out := CELCost{Field: c.Path.String(), Expression: c.Expression, Cost: c.Cost, Limit: c.Limit, OverLimit: c.OverLimit()}
	for _, fix := range c.Fixes() {
		bounds := make([]Bound, len(fix))
		for i, b := range fix {
			bounds[i] = Bound{Field: b.Path.String(), Keyword: b.Keyword, Max: b.Value}
		}
		out.Fixes = append(out.Fixes, bounds)
	}
	return out
}

// Hints say in words what Fixes say, a line each: the bounds of every fix
// ("under the limit with maxItems: 10 at ..."), or, for a cost over the
// limit that no bound fixes, that the expression must be simplified.
func (c CELCost) Hints() []string {
	var hints []string
	for _, fix := range c.Fixes {
		var b strings.Builder
		b.WriteString("under the limit with")
		for i, bound := range fix {
			if i > 0 {
				b.WriteString(" and")
			}
			fmt.Fprintf(&b, " %s: %d at %s", bound.Keyword, bound.Max, bound.Field)
		}
		hints = append(hints, b.String())
	}
	if c.OverLimit && len(hints) == 0 {
		return []string{"no maxItems, maxProperties or maxLength brings it under the limit: simplify the expression"}
	}
	return hints
}
