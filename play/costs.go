package play

import (
	"sort"
	"strings"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
)

// ruleCosts are a CRD's rules as `kval lint --cel-costs` lists them
// (lint.CELCosts), each with its hints and its line in the text.
func ruleCosts(doc document, checker *celrules.Checker) []RuleCost {
	costs := lint.CELCosts(checker)
	out := make([]RuleCost, len(costs))
	paths := make([]string, len(costs))
	for i, c := range costs {
		out[i] = RuleCost{CELCost: c, Hint: strings.Join(c.Hints(), "\n")}
		paths[i] = c.Field
	}
	for i, line := range doc.raw.FieldLines(doc.Source, paths) {
		out[i].Line = line
	}
	return out
}

// sortRules puts the most expensive rules of all the CRDs first, as
// lint.CELCosts does for one.
func sortRules(rules []RuleCost) {
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].Cost > rules[j].Cost })
}
