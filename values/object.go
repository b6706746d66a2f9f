package values

import (
	"fmt"
	"slices"
)

// validateObject runs kube-openapi's object validator: property counts,
// keys outside properties (forbidden by additionalProperties: false, or
// validated by its schema), properties, then required.
func (w *walker) validateObject(n *node, obj map[string]any, old any, hasOld bool) (matches int, changed bool) {
	r := &n.object
	size := int64(len(obj))
	if r.hasMin && size < r.minProps && w.failing() {
		w.recordInvalid(size, fmt.Sprintf("%s in body should have at least %d properties", w.name(), r.minProps))
	}
	if r.hasMax && size > r.maxProps && w.failing() {
		w.recordTooMany(size, r.maxProps, "properties")
	}
	oldObj, hasOldObj := old.(map[string]any)
	hasOldObj = hasOld && hasOldObj
	switch r.additional {
	case additionalForbidden:
		w.forbidAdditional(r, obj)
	case additionalSchema:
		m, c := w.validateAdditional(r, obj, oldObj, hasOldObj)
		matches += m
		changed = changed || c
	}
	for _, p := range r.props {
		v, ok := obj[p.name]
		if !ok {
			continue
		}
		m, c := w.validateChild(segment{kind: segProperty, key: p.name}, p.node, v, oldObj, hasOldObj)
		matches += m
		changed = changed || c
	}
	if len(r.required) > 0 {
		parent := ""
		for _, k := range r.required {
			if _, ok := obj[k]; !ok && w.failing() {
				if parent == "" {
					parent = w.name()
				}
				w.recordRequired(parent + "." + k)
			}
		}
	}
	return matches, changed
}

// validateChild validates a property or additionalProperties entry,
// correlated with the old object's entry of the same key, except apiVersion
// and kind at the root: both sides always carry the version served, so
// upstream never ratchets them.
func (w *walker) validateChild(seg segment, n *node, v any, oldObj map[string]any, hasOldObj bool) (int, bool) {
	var old any
	found := false
	if hasOldObj {
		old, found = oldObj[seg.key]
		if found && (seg.key == "kind" || seg.key == "apiVersion") && nameIsEmpty(w.segs) {
			found = false
		}
	}
	w.push(seg)
	m, c := w.validate(n, v, old, found)
	w.pop()
	return m, c
}

// validateAdditional validates the keys outside properties with
// additionalProperties' schema, in sorted key order.
func (w *walker) validateAdditional(r *objectRules, obj map[string]any, oldObj map[string]any, hasOldObj bool) (matches int, changed bool) {
	var buf [16]string
	keys := r.additionalKeys(obj, buf[:0])
	for _, k := range keys {
		m, c := w.validateChild(segment{kind: segAdditional, key: k}, r.addSchema, obj[k], oldObj, hasOldObj)
		matches += m
		changed = changed || c
	}
	return matches, changed
}

// forbidAdditional reports every key outside properties, in sorted order.
func (w *walker) forbidAdditional(r *objectRules, obj map[string]any) {
	var buf [16]string
	keys := r.additionalKeys(obj, buf[:0])
	if len(keys) == 0 {
		return
	}
	name := ""
	for _, k := range keys {
		if w.failing() {
			if name == "" {
				name = w.name()
			}
			w.recordInvalidNamed(name, k, fmt.Sprintf("%s.%s in body is a forbidden property", name, k))
		}
	}
}

// additionalKeys appends the keys of obj that are not properties, sorted.
func (r *objectRules) additionalKeys(obj map[string]any, keys []string) []string {
	for k := range obj {
		if _, ok := r.propIndex[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}
