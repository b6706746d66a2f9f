package lower

import (
	"github.com/kval-dev/kval/schema"
)

// Keywords of the extensions.
const (
	MutabilityKeyword    = "x-kubernetes-mutability"
	KeyMutabilityKeyword = "x-kubernetes-key-mutability"
)

// construct is one extension on one node: what is lowered, or reported
// when it cannot be.
type construct struct {
	at      link
	keyword string
	value   schema.Mutability
	// onPresenceChange limits key rules to updates that add or remove
	// the collection: its x-kubernetes-mutability covers the others.
	onPresenceChange bool
}

// rule is one generated x-kubernetes-validations entry, on its anchor: the
// node kube-apiserver evaluates it on.
type rule struct {
	of        *construct
	anchor    link
	expr      string
	message   string
	fieldPath string
}

// planner turns the extensions of one version's schema into rules.
type planner struct {
	names  namer
	rules  []rule
	failed map[*construct]*failure
	all    []*construct
	skip   func(*construct) bool // constructs left out (over the cost limits)
}

// plan walks the structure below c. Nothing below a node with
// x-kubernetes-mutability needs rules of its own: where that node is
// present in both objects, it is either equal (nothing below changed) or
// already an error (the keys of an immutable field aside, see below).
// Nothing below the items of a set is ever checked:
// package mutability compares set items whole.
func (p *planner) plan(c chain) {
	n := c.last()
	if n.s.Mutability != nil {
		lowered := p.lower(&construct{at: n, keyword: MutabilityKeyword, value: *n.s.Mutability}, c, p.mutabilityRules)
		if n.s.KeyMutability != nil && (n.kind == asProperty || !lowered) {
			// Package mutability checks the keys of an immutable field
			// when it is added or removed (a missing collection has no
			// keys), so the key rules stay, for those updates only.
			p.lower(&construct{at: n, keyword: KeyMutabilityKeyword, value: *n.s.KeyMutability, onPresenceChange: lowered}, c, p.keyRules)
		}
		if lowered {
			return
		}
		// Left out, it no longer covers the constructs below it.
	} else if n.s.KeyMutability != nil {
		p.lower(&construct{at: n, keyword: KeyMutabilityKeyword, value: *n.s.KeyMutability}, c, p.keyRules)
	}
	if n.s.IsSetList() {
		return
	}
	for _, child := range c.children() {
		p.plan(child)
	}
}

// pending is a rule before its placement: checked at node at.
type pending struct {
	at        chain
	check     exprFn
	message   string
	fieldPath string
}

// lower records the rules of one construct, or its failure: all of a
// construct's rules or none. It reports whether the construct is lowered.
func (p *planner) lower(k *construct, c chain, rules func(chain, *construct) ([]pending, *failure)) bool {
	p.all = append(p.all, k)
	if p.skip != nil && p.skip(k) {
		return false
	}
	pend, f := rules(c, k)
	var placed []rule
	for _, r := range pend {
		if f != nil {
			break
		}
		var pr rule
		pr, f = p.place(k, r)
		placed = append(placed, pr)
	}
	if f != nil {
		p.failed[k] = f
		return false
	}
	p.rules = append(p.rules, placed...)
	return true
}

// place puts a check on the highest node that kube-apiserver correlates on
// the way from the root to the checked node: the node itself, unless it is
// below the items of an atomic list, where the check is lifted to that
// list (and the fieldPath, which cannot name an index, is dropped).
func (p *planner) place(k *construct, r pending) (rule, *failure) {
	anchor := len(r.at) - 1
	for i := 1; i < len(r.at); i++ {
		if !correlated(r.at[i-1].s, r.at[i]) {
			anchor = i - 1
			break
		}
	}
	check := r.check
	fieldPath := r.fieldPath
	for i := len(r.at) - 1; i > anchor; i-- {
		var f *failure
		if check, f = p.names.lift(r.at[i-1], r.at[i], check); f != nil {
			return rule{}, f
		}
		fieldPath = ""
	}
	return rule{of: k, anchor: r.at[anchor], expr: check("self", "oldSelf"), message: r.message, fieldPath: fieldPath}, nil
}
