package values

import (
	"fmt"
	"strconv"
)

// validateComposition runs anyOf, oneOf, allOf and not, in kube-openapi's
// order, each branch against the same value and without ratcheting (upstream
// validates branches with fresh validators). It returns the match count the
// composition contributes.
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
		start := len(w.errs)
		w.validate(n.not, v, nil, false)
		valid := len(w.errs) == start
		w.truncate(start)
		if valid {
			w.failUnnamed(fmt.Sprintf("%s must not validate the schema (not)", strconv.Quote(w.name())))
		}
	}
	return matches
}

// validateAnyOf stops at the first valid branch. When none is valid it
// reports its own error followed by the errors of the branch with the
// highest match count (the first of equals).
func (w *walker) validateAnyOf(branches []*node, v any) int {
	best := w.newBestFailure()
	for _, b := range branches {
		start := len(w.errs)
		matches, _ := w.validate(b, v, nil, false)
		if len(w.errs) == start {
			w.truncate(best.start)
			return matches
		}
		best.offer(w, start, matches)
	}
	w.insertUnnamed(best.start, fmt.Sprintf("%s must validate at least one schema (anyOf)", strconv.Quote(w.name())))
	return best.matches
}

// validateOneOf runs every branch. Unless exactly one is valid it reports
// its own error, followed, when none is valid, by the errors of the best
// branch.
func (w *walker) validateOneOf(branches []*node, v any) int {
	best := w.newBestFailure()
	valid, firstValidMatches := 0, 0
	for _, b := range branches {
		start := len(w.errs)
		matches, _ := w.validate(b, v, nil, false)
		if len(w.errs) == start {
			valid++
			if valid == 1 {
				firstValidMatches = matches
				w.truncate(best.start)
			}
			continue
		}
		if valid > 0 {
			w.truncate(start)
			continue
		}
		best.offer(w, start, matches)
	}
	switch valid {
	case 1:
		return firstValidMatches
	case 0:
		w.insertUnnamed(best.start, fmt.Sprintf("%s must validate one and only one schema (oneOf). Found none valid", strconv.Quote(w.name())))
		return best.matches
	}
	w.failUnnamed(fmt.Sprintf("%s must validate one and only one schema (oneOf). Found %d valid alternatives", strconv.Quote(w.name()), valid))
	return 0
}

// validateAllOf keeps the errors of every branch, then reports its own
// error when some branch failed.
func (w *walker) validateAllOf(branches []*node, v any) int {
	total, valid := 0, 0
	for _, b := range branches {
		start := len(w.errs)
		matches, _ := w.validate(b, v, nil, false)
		total += matches
		if len(w.errs) == start {
			valid++
		}
	}
	if valid != len(branches) {
		suffix := ""
		if valid == 0 {
			suffix = ". None validated"
		}
		w.failUnnamed(fmt.Sprintf("%s must validate all the schemas (allOf)%s", strconv.Quote(w.name()), suffix))
	}
	return total
}

// bestFailure tracks the failed branch with the highest match count; its
// errors sit at w.errs[start:end], later branches are appended after them.
type bestFailure struct {
	start, end int
	matches    int
	found      bool
}

func (w *walker) newBestFailure() bestFailure {
	return bestFailure{start: len(w.errs), end: len(w.errs)}
}

// offer considers the failed branch whose errors start at w.errs[start:].
func (b *bestFailure) offer(w *walker, start, matches int) {
	if b.found && matches <= b.matches {
		w.truncate(start)
		return
	}
	n := copy(w.errs[b.start:], w.errs[start:])
	w.truncate(b.start + n)
	b.end, b.matches, b.found = b.start+n, matches, true
}

func (w *walker) truncate(n int) {
	clear(w.errs[n:])
	w.errs = w.errs[:n]
}

// insertUnnamed inserts an unnamed failure at position i.
func (w *walker) insertUnnamed(i int, msg string) {
	w.errs = append(w.errs, failure{})
	copy(w.errs[i+1:], w.errs[i:])
	w.errs[i] = failure{kind: failUnnamed, msg: msg}
}
