package lower

import (
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// keyRules lowers x-kubernetes-key-mutability on the collection at the
// last node of c. A missing collection has no keys, so for a field the
// rules go on its nearest correlating ancestor, which sees it and its
// parents come and go (fieldChain); for an item or a map value (present in
// both objects whenever it is checked) on the node.
func (p *planner) keyRules(c chain, k *construct) ([]pending, *failure) {
	n := c.last()
	keys, f := p.keysOf(c)
	if f != nil {
		return nil, f
	}
	at, fieldPath := c, ""
	access := func(v string) (string, string) { return v, "true" }
	if n.kind == asProperty {
		fc, bad, ok := fieldChainOf(c)
		if !ok {
			return nil, unnamable(bad)
		}
		at, fieldPath = fc.at, fc.fieldPath()
		access = func(v string) (string, string) { return fc.value(v), fc.has(v) }
	}
	noun := "items"
	if isMap(n.s) {
		noun = "keys"
	}
	// subset checks that every key of the collection in from is in to;
	// on an immutable field, only when it is added or removed.
	immutable := k.onPresenceChange
	subset := func(from, to func(cur, old string) string) exprFn {
		return func(cur, old string) string {
			f, hf := access(from(cur, old))
			t, ht := access(to(cur, old))
			check := keys.subset(f, t, hf, ht)
			if immutable {
				check = "(" + hf + " && " + ht + ") || " + check
			}
			return check
		}
	}
	newer := func(cur, _ string) string { return cur }
	older := func(_, old string) string { return old }
	noRemoval := pending{at: at, fieldPath: fieldPath, check: subset(older, newer)}
	noAddition := pending{at: at, fieldPath: fieldPath, check: subset(newer, older)}
	switch k.value {
	case schema.AddOnly:
		noRemoval.message = noun + " may only be added"
		return []pending{noRemoval}, nil
	case schema.RemoveOnly:
		noAddition.message = noun + " may only be removed"
		return []pending{noAddition}, nil
	}
	noAddition.message = noun + " may not be added"
	noRemoval.message = noun + " may not be removed"
	return []pending{noAddition, noRemoval}, nil
}

// keySet says how the keys of a collection are compared in CEL.
type keySet struct {
	byIndex bool
	// contains is the CEL condition that collection to has key (item) x.
	contains func(to, x string) string
	x        string
}

// keysOf describes the keys of the collection at the last node of c as
// package mutability identifies them: indices, list-map keys, set items,
// map keys.
func (p *planner) keysOf(c chain) (keySet, *failure) {
	s := c.last().s
	x := p.names.fresh("x")
	in := func(to, x string) string { return x + " in " + to }
	switch {
	case isMap(s):
		return keySet{contains: in, x: x}, nil
	case s.IsSetList():
		if f := setIdentity(c); f != nil {
			return keySet{}, f
		}
		if f := convertedBelow(c.child(asItems, "", s.Items)); f != nil {
			return keySet{}, f
		}
		return keySet{contains: in, x: x}, nil
	case s.IsMapList():
		for _, key := range s.ListMapKeys {
			if f := convertedBelow(c.child(asItems, "", s.Items).child(asProperty, key, s.Items.Properties[key])); f != nil {
				return keySet{}, f
			}
		}
		y := p.names.fresh("y")
		same, f := sameKeys(s, x, y)
		if f != nil {
			return keySet{}, f
		}
		return keySet{x: x, contains: func(to, _ string) string { return to + ".exists(" + y + ", " + same + ")" }}, nil
	}
	return keySet{byIndex: true}, nil
}

// setIdentity refuses sets whose items hold lists of type set or map: CEL
// finds such an item in another set regardless of the order of those
// lists, kval identifies set items by their exact value.
func setIdentity(c chain) *failure {
	items := c.child(asItems, "", c.last().s.Items)
	if hasOrderless(items) {
		return &failure{reason: fmt.Sprintf("the items of the set %s hold lists of type set or map, which CEL compares regardless of order where kval identifies set items by their exact value", c.last().path)}
	}
	return nil
}

func hasOrderless(c chain) bool {
	if ordersItems(c.last().s) {
		return true
	}
	for _, child := range c.children() {
		if hasOrderless(child) {
			return true
		}
	}
	return false
}

// subset is the CEL condition that every key of from (present when hasFrom
// holds) is a key of to (present when hasTo holds); a missing collection
// has no keys.
func (k keySet) subset(from, to, hasFrom, hasTo string) string {
	if k.byIndex {
		return sizeOf(to, hasTo) + " >= " + sizeOf(from, hasFrom)
	}
	all := from + ".all(" + k.x + ", " + k.contains(to, k.x) + ")"
	if hasTo != "true" {
		all = "(" + hasTo + " ? " + all + " : " + from + ".size() == 0)"
	}
	if hasFrom != "true" {
		all = "!" + hasFrom + " || " + all
	}
	return all
}

func sizeOf(v, has string) string {
	if has == "true" {
		return v + ".size()"
	}
	return "(" + has + " ? " + v + ".size() : 0)"
}
