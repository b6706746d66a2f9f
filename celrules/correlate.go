package celrules

import (
	"reflect"

	"k8s.io/apiserver/pkg/cel/common"
)

// correlated is a value of an update with the old value it replaces, found
// the way kube-apiserver's ratcheting finds it (common.CorrelatedObject):
// object fields by name (when both values have the field and the schema
// declares it, as a property or through additionalProperties), items of
// x-kubernetes-list-type=map lists by their keys, nothing through other
// lists. Whether the value is unchanged is computed on demand and cached,
// since it is only needed when a rule fails.
type correlated struct {
	value, old any
	schema     *adapted
	// oldItems finds the old items of a map list; built on first use.
	oldItems common.MapList
	// children are the correlated children found so far, by key or index.
	children map[any]*correlated
	// equal caches unchanged(): 0 unknown, 1 unchanged, 2 changed.
	equal int8
}

func newCorrelated(value, old any, s *adapted) *correlated {
	return &correlated{value: value, old: old, schema: s}
}

// key returns the correlated field name of an object; nil when there is none.
func (c *correlated) key(name string) *correlated {
	if c == nil || c.schema == nil {
		return nil
	}
	if child, ok := c.children[name]; ok {
		return child
	}
	obj, ok := c.value.(map[string]any)
	if !ok {
		return nil
	}
	oldObj, ok := c.old.(map[string]any)
	if !ok {
		return nil
	}
	v, inNew := obj[name]
	o, inOld := oldObj[name]
	if !inNew || !inOld {
		return nil
	}
	s := fieldSchema(c.schema, name)
	if s == nil {
		return nil
	}
	return c.remember(name, &correlated{value: v, old: o, schema: s})
}

// fieldSchema is the schema of an object's field: its property, else
// additionalProperties' schema.
func fieldSchema(s *adapted, name string) *adapted {
	if p, ok := s.properties[name]; ok {
		return p.(*adapted)
	}
	if s.additional != nil && s.additional.schema != nil {
		return s.additional.schema
	}
	return nil
}

// index returns the correlated item i of a list; nil when there is none,
// which is always the case outside of list-type map lists.
func (c *correlated) index(i int) *correlated {
	if c == nil || c.schema == nil {
		return nil
	}
	if child, ok := c.children[i]; ok {
		return child
	}
	list, ok := c.value.([]any)
	if !ok || i >= len(list) {
		return nil
	}
	old := c.oldItem(list[i])
	if old == nil || c.schema.items == nil {
		return nil
	}
	return c.remember(i, &correlated{value: list[i], old: old, schema: c.schema.items.(*adapted)})
}

// oldItem finds the old item of a new item of a list-type map list.
func (c *correlated) oldItem(item any) any {
	oldList, ok := c.old.([]any)
	if !ok || c.schema.XListType() != "map" {
		return nil
	}
	if c.oldItems == nil {
		c.oldItems = common.MakeMapList(c.schema, oldList)
	}
	return c.oldItems.Get(item)
}

func (c *correlated) remember(k any, child *correlated) *correlated {
	if c.children == nil {
		c.children = map[any]*correlated{}
	}
	c.children[k] = child
	return child
}

// unchanged reports whether the value equals the old one: objects field by
// correlated field, map lists item by correlated item, other values deeply.
func (c *correlated) unchanged() bool {
	if c == nil {
		return false
	}
	if c.equal == 0 {
		c.equal = 2
		if c.computeUnchanged() {
			c.equal = 1
		}
	}
	return c.equal == 1
}

func (c *correlated) computeUnchanged() bool {
	if c.value == nil || c.old == nil {
		return c.value == nil && c.old == nil
	}
	switch v := c.value.(type) {
	case []any:
		old, ok := c.old.([]any)
		if !ok {
			return false
		}
		return c.listUnchanged(v, old)
	case map[string]any:
		old, ok := c.old.(map[string]any)
		if !ok || len(old) != len(v) {
			return false
		}
		for k := range v {
			if !c.key(k).unchanged() {
				return false
			}
		}
		return true
	}
	switch c.old.(type) {
	case []any, map[string]any:
		return false
	}
	return reflect.DeepEqual(c.old, c.value)
}

// listUnchanged: a map list is unchanged when every item correlates with an
// unchanged old item; any other list when it is deeply equal.
func (c *correlated) listUnchanged(v, old []any) bool {
	if len(v) != len(old) {
		return false
	}
	for i := range v {
		child := c.index(i)
		if child == nil {
			if c.oldItems == nil {
				return reflect.DeepEqual(old, v)
			}
			return false
		}
		if !child.unchanged() {
			return false
		}
	}
	return true
}

// ratchet is the ratcheting state of the walk at a node: the node's
// correlation, or, below a place where correlation stops, the nearest
// correlated ancestor. Errors of rules that are not transition rules are
// ratcheted when that value is unchanged.
type ratchet struct {
	current, nearest *correlated
}

// key moves the state to field name. The root's apiVersion and kind are
// never correlated: both objects are converted to the same version.
func (r ratchet) key(name string) ratchet {
	if r.current == nil {
		return r
	}
	if r.nearest == nil && (name == "apiVersion" || name == "kind") {
		return ratchet{}
	}
	return ratchet{current: r.current.key(name), nearest: r.current}
}

// index moves the state to item i.
func (r ratchet) index(i int) ratchet {
	if r.current == nil {
		return r
	}
	return ratchet{current: r.current.index(i), nearest: r.current}
}

// ratchets reports whether errors at the node are ratcheted.
func (r ratchet) ratchets() bool {
	if r.current != nil {
		return r.current.unchanged()
	}
	return r.nearest.unchanged()
}
