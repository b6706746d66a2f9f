package cli

import (
	"fmt"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
)

// withCosts adds the costs the checker estimated (lint.CELCosts): those over
// the limit, or all of them, most expensive first.
func (r lintResult) withCosts(checker *celrules.Checker, all bool) lintResult {
	for _, c := range lint.CELCosts(checker) {
		if all || c.OverLimit {
			r.CELCosts = append(r.CELCosts, c)
		}
	}
	return r
}

// printCELCosts explains costs after a verdict in text output.
func printCELCosts(s streams, costs []lint.CELCost) {
	for _, c := range costs {
		verdict := "within"
		if c.OverLimit {
			verdict = "over"
		}
		fmt.Fprintf(s.out, "  CEL cost of %s: %s\n    estimated cost %d, %s the limit of %d\n", c.Field, c.Expression, c.Cost, verdict, c.Limit)
		for _, hint := range c.Hints() {
			fmt.Fprintf(s.out, "    %s\n", hint)
		}
	}
}
