package defaults

import "github.com/kval-dev/kval/internal/jsonvalue"

// Default sets missing fields, and null fields that are not nullable, to a
// copy of their default, recursively. It changes obj in place.
func (d *Defaulter) Default(obj any) {
	d.root.apply(obj)
}

func (n *node) apply(x any) {
	if n == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for name, prop := range n.props {
			if prop.def == nil {
				continue
			}
			if v, found := x[name]; !found || (v == nil && !prop.nullable) {
				x[name] = jsonvalue.DeepCopy(prop.def)
			}
		}
		for k, v := range x {
			if prop, ok := n.props[k]; ok {
				prop.apply(v)
				continue
			}
			if ap := n.additional; ap != nil {
				if v == nil && !ap.nullable {
					v = jsonvalue.DeepCopy(ap.def)
					x[k] = v
				}
				ap.apply(v)
			}
		}
	case []any:
		items := n.items
		if items == nil {
			return
		}
		for i, v := range x {
			if v == nil && !items.nullable {
				v = jsonvalue.DeepCopy(items.def)
				x[i] = v
			}
			items.apply(v)
		}
	}
}

// PruneNulls removes, in place, null fields whose schema is neither nullable
// nor defaulted; nulls that have a default are left for Default.
func (d *Defaulter) PruneNulls(obj any) {
	d.root.pruneNulls(obj)
}

func (n *node) pruneNulls(x any) {
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			child := n.fieldNode(k)
			if v == nil && child != nil && !child.nullable && child.def == nil {
				delete(x, k)
				continue
			}
			child.pruneNulls(v)
		}
	case []any:
		var items *node
		if n != nil {
			items = n.items
		}
		for _, v := range x {
			items.pruneNulls(v)
		}
	}
}

// fieldNode is the node of field k of an object: its property or additionalProperties.
func (n *node) fieldNode(k string) *node {
	if n == nil {
		return nil
	}
	if prop, ok := n.props[k]; ok {
		return prop
	}
	return n.additional
}
