package values

import (
	"fmt"
	"strconv"
)

// validateComposition runs anyOf, oneOf, allOf and not, in kube-openapi's
// order, each branch against the same value and without ratcheting (upstream
// validates branches with fresh validators). It returns the match count the
// composition contributes.
//
// The branches of anyOf, oneOf and not are probed first: only whether they
// fail and their match counts are computed. The one branch whose errors are
// reported, if any, is then validated again to record them.
func (w *walker) validateComposition(n *node, v any) int {
	matches := 0
	if len(n.anyOf) > 0 {
		matches += w.validateAnyOf(n.anyOf, v)
	}
	if len(n.oneOf) > 0 {
		matches += w.validateOneOf(n.oneOf, v)
	}
	if len(n.allOf) > 0 {
		matches += w.validateAllOf(n.allOf, v)
	}
	if n.not != nil {
		if valid, _ := w.probe(n.not, v); valid && w.failing() {
			w.recordUnnamed(fmt.Sprintf("%s must not validate the schema (not)", strconv.Quote(w.name())))
		}
	}
	return matches
}

// probe validates a branch without recording errors. The branch's failures
// are not the node's: the caller decides what the composition reports.
func (w *walker) probe(b *node, v any) (valid bool, matches int) {
	before := w.failures
	w.probing++
	matches, _ = w.validate(b, v, nil, false)
	w.probing--
	valid = w.failures == before
	w.failures = before
	return valid, matches
}

// validateAnyOf stops at the first valid branch. When none is valid it
// reports its own error followed by the errors of the branch with the
// highest match count (the first of equals).
func (w *walker) validateAnyOf(branches []*node, v any) int {
	best, bestMatches := -1, 0
	for i, b := range branches {
		valid, matches := w.probe(b, v)
		if valid {
			return matches
		}
		if best < 0 || matches > bestMatches {
			best, bestMatches = i, matches
		}
	}
	if w.failing() {
		w.recordUnnamed(fmt.Sprintf("%s must validate at least one schema (anyOf)", strconv.Quote(w.name())))
		w.validate(branches[best], v, nil, false)
	}
	return bestMatches
}

// validateOneOf runs every branch. Unless exactly one is valid it reports
// its own error, followed, when none is valid, by the errors of the best
// branch.
func (w *walker) validateOneOf(branches []*node, v any) int {
	best, bestMatches := -1, 0
	valid, firstValidMatches := 0, 0
	for i, b := range branches {
		ok, matches := w.probe(b, v)
		switch {
		case ok:
			valid++
			if valid == 1 {
				firstValidMatches = matches
			}
		case valid == 0 && (best < 0 || matches > bestMatches):
			best, bestMatches = i, matches
		}
	}
	switch {
	case valid == 1:
		return firstValidMatches
	case valid > 1:
		if w.failing() {
			w.recordUnnamed(fmt.Sprintf("%s must validate one and only one schema (oneOf). Found %d valid alternatives", strconv.Quote(w.name()), valid))
		}
		return 0
	}
	if w.failing() {
		w.recordUnnamed(fmt.Sprintf("%s must validate one and only one schema (oneOf). Found none valid", strconv.Quote(w.name())))
		w.validate(branches[best], v, nil, false)
	}
	return bestMatches
}

// validateAllOf keeps the errors of every branch, then reports its own
// error when some branch failed.
func (w *walker) validateAllOf(branches []*node, v any) int {
	total, valid := 0, 0
	for _, b := range branches {
		before := w.failures
		matches, _ := w.validate(b, v, nil, false)
		total += matches
		if w.failures == before {
			valid++
		}
	}
	if valid != len(branches) && w.failing() {
		suffix := ""
		if valid == 0 {
			suffix = ". None validated"
		}
		w.recordUnnamed(fmt.Sprintf("%s must validate all the schemas (allOf)%s", strconv.Quote(w.name()), suffix))
	}
	return total
}
