package celrules

import (
	"unicode/utf8"

	apiservercel "k8s.io/apiserver/pkg/cel"
)

// Why a walk over the values before the rules: the cost kube-apiserver
// estimates for a rule (compiledRule.maxCost) takes every list, map and
// string the rule reads to be at most as large as its CEL type's
// MaxElements (maxItems, maxProperties, maxLength, an enum's longest value,
// or what fits into a request). Values usually are: the value checks refuse
// larger ones, and a refused object runs no rules. But ratcheting lets an
// unchanged value beyond its bounds through, and kval validates objects of
// any size. So a rule is charged its estimate instead of its actual cost
// (unmetered.go) only when the object and the old object were checked to
// be within the bounds of the types the estimates assumed (sizeNode.holds).

// sizeNode holds the size bounds of a CEL type and of the types below it,
// by the JSON names of its fields.
type sizeNode struct {
	// max bounds the size of a string, list or map of this type.
	max int64
	// object: a type with fields, whose own size no rule can take.
	object bool
	fields map[string]*sizeNode
	elem   *sizeNode
}

// newSizeNode converts a declared type; nil when t is nil or its field
// names cannot be unescaped.
func newSizeNode(t *apiservercel.DeclType) *sizeNode {
	if t == nil {
		return nil
	}
	n := &sizeNode{max: t.MaxElements, object: t.IsObject(), elem: newSizeNode(t.ElemType)}
	if len(t.Fields) > 0 {
		n.fields = make(map[string]*sizeNode, len(t.Fields))
	}
	for escaped, f := range t.Fields {
		name, ok := apiservercel.Unescape(escaped)
		if !ok {
			return nil
		}
		n.fields[name] = newSizeNode(f.Type)
	}
	return n
}

// holds reports whether every string, list and map of v (a value of the
// type n describes, at the paths of its fields, items, keys and values)
// is within its type's bound. Values where no type is declared cannot be
// reached by a rule's estimate; a value of an unexpected JSON type fails
// only where its size could matter.
func (n *sizeNode) holds(v any) bool {
	if n == nil {
		return true
	}
	switch x := v.(type) {
	case string:
		return int64(len(x)) <= n.max || int64(utf8.RuneCountInString(x)) <= n.max
	case []any:
		return int64(len(x)) <= n.max && n.elem.holdsAll(x)
	case map[string]any:
		if n.object {
			return n.holdsFields(x)
		}
		return int64(len(x)) <= n.max && n.holdsEntries(x)
	}
	return true
}

func (n *sizeNode) holdsAll(items []any) bool {
	if n == nil {
		return true
	}
	for _, item := range items {
		if !n.holds(item) {
			return false
		}
	}
	return true
}

func (n *sizeNode) holdsFields(obj map[string]any) bool {
	for k, v := range obj {
		if f := n.fields[k]; f != nil && !f.holds(v) {
			return false
		}
	}
	return true
}

// holdsEntries checks the values of a map, not its keys: their type has no
// bound (the estimator takes them to be empty), and no rule charged its
// estimate ranges over a map (estimateBounds).
func (n *sizeNode) holdsEntries(m map[string]any) bool {
	for _, v := range m {
		if !n.elem.holds(v) {
			return false
		}
	}
	return true
}
