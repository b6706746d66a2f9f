package lower

import "strings"

// fieldChain is the chain of object properties between a field and its
// nearest correlating ancestor (package mutability, "Correlation"): the
// root, a list item or a map value. The field is present in a value of the
// ancestor only where every property of the chain is, so its presence rules
// go on the ancestor, which kube-apiserver always correlates (or, below an
// atomic list's items, on the list the rules are lifted to): a parent
// removed or added then removes or adds the field.
type fieldChain struct {
	at    chain    // the correlating ancestor
	names []string // the properties from the ancestor down to the field
}

// fieldChainOf is the chain of the field at the last node of c; ok is false,
// with the link at fault, when a property name has no CEL form.
func fieldChainOf(c chain) (fieldChain, link, bool) {
	a := len(c) - 2
	for a > 0 && c[a].kind == asProperty {
		a--
	}
	fc := fieldChain{at: c[:a+1]}
	for _, l := range c[a+1:] {
		if _, ok := member("self", l.name); !ok {
			return fieldChain{}, l, false
		}
		fc.names = append(fc.names, l.name)
	}
	return fc, link{}, true
}

// value is the CEL expression of the field below the ancestor's value v.
func (fc fieldChain) value(v string) string {
	for _, name := range fc.names {
		v, _ = member(v, name)
	}
	return v
}

// has is the CEL condition that the field is present below v: a has() for
// every property of the chain, in order, so that none reads a missing
// parent.
func (fc fieldChain) has(v string) string {
	conds := make([]string, len(fc.names))
	for i, name := range fc.names {
		conds[i] = hasMember(v, name)
		v, _ = member(v, name)
	}
	if len(conds) == 1 {
		return conds[0]
	}
	return "(" + strings.Join(conds, " && ") + ")"
}

// fieldPath is the rule's fieldPath naming the field from the ancestor; ""
// when a name cannot be written in one.
func (fc fieldChain) fieldPath() string {
	var b strings.Builder
	for _, name := range fc.names {
		step := fieldPathOf(name)
		if step == "" {
			return ""
		}
		b.WriteString(step)
	}
	return b.String()
}
