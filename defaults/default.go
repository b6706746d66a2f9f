package defaults

import (
	"context"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/internal/walkstop"
)

// Default sets missing fields, and null fields that are not nullable, to a
// copy of their default, recursively. It changes obj in place.
func (d *Defaulter) Default(obj any) {
	d.DefaultContext(context.Background(), obj)
}

// DefaultContext is Default that stops early once ctx ends, leaving obj
// defaulted in part (the caller must check ctx).
func (d *Defaulter) DefaultContext(ctx context.Context, obj any) {
	stop := walkstop.New(ctx)
	d.root.apply(&stop, obj)
}

func (n *node) apply(stop *walkstop.Stopper, x any) {
	if n == nil || !n.defaultsBelow || stop.Ended() {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		n.applyObject(stop, x)
	case []any:
		n.items.applyItems(stop, x)
	}
}

func (n *node) applyObject(stop *walkstop.Stopper, x map[string]any) {
	for _, p := range n.defaulted {
		if v, found := x[p.name]; !found || (v == nil && !p.node.nullable) {
			p.node.def.setIn(x, p.name)
		}
	}
	for _, p := range n.descend {
		if v, found := x[p.name]; found {
			p.node.apply(stop, v)
		}
	}
	ap := n.additional
	if !ap.withDefaultsBelow() {
		return
	}
	for k, v := range x {
		if _, isProp := n.props[k]; isProp {
			continue
		}
		if v == nil && !ap.nullable && ap.def.served() != nil {
			v = jsonvalue.DeepCopy(ap.def.served())
			x[k] = v
		}
		ap.apply(stop, v)
	}
}

// applyItems defaults the items of a list whose items' node is items.
func (items *node) applyItems(stop *walkstop.Stopper, x []any) {
	if !items.withDefaultsBelow() {
		return
	}
	for i, v := range x {
		if v == nil && !items.nullable && items.def.served() != nil {
			v = jsonvalue.DeepCopy(items.def.served())
			x[i] = v
		}
		items.apply(stop, v)
	}
}

// PruneNulls removes, in place, null fields whose schema is neither nullable
// nor defaulted; nulls that have a default are left for Default.
func (d *Defaulter) PruneNulls(obj any) {
	d.PruneNullsContext(context.Background(), obj)
}

// PruneNullsContext is PruneNulls that stops early once ctx ends, leaving
// nulls in part of obj (the caller must check ctx).
func (d *Defaulter) PruneNullsContext(ctx context.Context, obj any) {
	stop := walkstop.New(ctx)
	d.root.pruneNulls(&stop, obj)
}

// pruneNulls walks only where the schema has nodes: below a nil node no
// field has a schema, so no null is removed.
func (n *node) pruneNulls(stop *walkstop.Stopper, x any) {
	if n == nil || stop.Ended() {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			child := n.fieldNode(k)
			if v == nil && child != nil && !child.nullable && child.def.served() == nil {
				delete(x, k)
				continue
			}
			child.pruneNulls(stop, v)
		}
	case []any:
		for _, v := range x {
			n.items.pruneNulls(stop, v)
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
