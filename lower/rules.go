package lower

import (
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// Messages of package mutability (mutability/messages.go), which the
// generated rules repeat so that a denial reads the same either way.
const (
	msgFieldImmutable = "field is immutable"
	msgItemImmutable  = "item is immutable"
	msgValueImmutable = "value is immutable"
	msgOnlyAdded      = "field may not be removed, only added"
	msgOnlyRemoved    = "field may not be added, only removed"
)

// mutabilityRules lowers x-kubernetes-mutability on the last node of c: for
// a field, a rule on its nearest correlating ancestor about its presence
// (the node's own rules cannot see it come or go, nor its parent's see the
// parent go); for every node, a rule on the node that its
// value is unchanged while it is present in both objects.
func (p *planner) mutabilityRules(c chain, k *construct) ([]pending, *failure) {
	n := c.last()
	var out []pending
	if n.kind == asProperty {
		presence, f := presenceRule(c, k.value)
		if f != nil {
			return nil, f
		}
		out = append(out, presence)
	}
	equal, f := p.names.strictEqual(c)
	if f != nil {
		return nil, f
	}
	message := msgFieldImmutable
	switch {
	case n.kind == asItems:
		message = msgItemImmutable
	case n.kind == asValues:
		message = msgValueImmutable
	}
	return append(out, pending{at: c, check: equal, message: message}), nil
}

// presenceRule is the rule about a field's presence, on its nearest
// correlating ancestor (fieldChain): Immutable fields may be neither added
// nor removed, AddOnly ones not removed, RemoveOnly ones not added, with
// their parents as with themselves.
func presenceRule(c chain, m schema.Mutability) (pending, *failure) {
	fc, bad, ok := fieldChainOf(c)
	if !ok {
		return pending{}, unnamable(bad)
	}
	r := pending{at: fc.at, fieldPath: fc.fieldPath(), message: msgFieldImmutable}
	switch m {
	case schema.AddOnly:
		r.message = msgOnlyAdded
		r.check = func(cur, old string) string { return fc.has(cur) + " || !" + fc.has(old) }
	case schema.RemoveOnly:
		r.message = msgOnlyRemoved
		r.check = func(cur, old string) string { return "!" + fc.has(cur) + " || " + fc.has(old) }
	default:
		r.check = func(cur, old string) string { return fc.has(cur) + " == " + fc.has(old) }
	}
	return r, nil
}

// strictEqual is package mutability's equality in CEL. CEL's == is strict
// but for lists of type set and map, which it compares regardless of order:
// every such list at or below the node is compared again in order (map(x,
// x) makes a plain list, whose == is positional), paired as the values
// around it are paired.
func (nm *namer) strictEqual(c chain) (exprFn, *failure) {
	if f := convertedBelow(c); f != nil {
		return nil, f
	}
	order, f := nm.order(c)
	if f != nil {
		return nil, f
	}
	return func(cur, old string) string {
		if order == nil {
			return cur + " == " + old
		}
		return and(cur+" == "+old, order(cur, old))
	}, nil
}

// order checks the order of every list of type set or map at or below the
// last node of c; nil when there is none.
func (nm *namer) order(c chain) (exprFn, *failure) {
	var parts []exprFn
	if ordersItems(c.last().s) {
		x := nm.fresh("x")
		parts = append(parts, func(cur, old string) string {
			return fmt.Sprintf("%s.map(%s, %s) == %s.map(%s, %s)", cur, x, x, old, x, x)
		})
	}
	for _, child := range c.children() {
		sub, f := nm.order(child)
		if f != nil {
			return nil, f
		}
		if sub == nil {
			continue
		}
		lifted, f := nm.lift(c.last(), child.last(), sub)
		if f != nil {
			return nil, f
		}
		parts = append(parts, lifted)
	}
	if len(parts) == 0 {
		return nil, nil
	}
	return func(cur, old string) string {
		conds := make([]string, len(parts))
		for i, part := range parts {
			conds[i] = part(cur, old)
		}
		return and(conds...)
	}, nil
}
