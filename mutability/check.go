package mutability

import (
	"context"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/internal/walkstop"
	"github.com/kval-dev/kval/schema"
)

// Check compares the stored forms of an update, old and new, and returns
// every change the extensions forbid. fldPath is the path of the root.
func (c *Checker) Check(fldPath *field.Path, obj, old any) field.ErrorList {
	return c.CheckContext(context.Background(), fldPath, obj, old)
}

// CheckContext is Check that stops early, with the errors found so far,
// once ctx ends: a caller that gave up waiting (a webhook's timeout) gets
// its CPU and memory back.
func (c *Checker) CheckContext(ctx context.Context, fldPath *field.Path, obj, old any) field.ErrorList {
	if c == nil {
		return nil
	}
	w := getWalker()
	w.root, w.stop = fldPath, walkstop.New(ctx)
	w.correlated(c.root, obj, old, nil)
	errs := w.errs
	w.root, w.stop, w.errs, w.trail = nil, walkstop.Stopper{}, nil, w.trail[:0]
	putWalker(w)
	return errs
}

// walkers are reused: their buffers (the trail, the key indexes of lists)
// make a large update cost no allocations beyond its errors. A channel keeps
// them across garbage collections, which empty a sync.Pool.
var walkers = make(chan *walker, 16)

func getWalker() *walker {
	select {
	case w := <-walkers:
		return w
	default:
		return &walker{}
	}
}

func putWalker(w *walker) {
	select {
	case walkers <- w:
	default: // enough walkers kept
	}
}

// walker keeps the path to the visited node as a stack of segments, turned
// into a field.Path only when an error is reported.
type walker struct {
	stop  walkstop.Stopper // ends the walk once the request's context ends
	root  *field.Path
	trail []segment
	errs  field.ErrorList
	free  []*listPair // list indexes to reuse
}

// pairLists indexes two lists with a reused listPair; release returns it.
func (w *walker) pairLists(n *node, newList, oldList []any) *listPair {
	var p *listPair
	if last := len(w.free) - 1; last >= 0 {
		p, w.free = w.free[last], w.free[:last]
	} else {
		p = &listPair{}
	}
	p.index(n, newList, oldList)
	return p
}

func (w *walker) release(p *listPair) {
	if p != nil {
		p.reset()
		w.free = append(w.free, p)
	}
}

// segment is a property, a map key, or a list index (index >= 0).
type segment struct {
	name  string
	isKey bool
	index int
}

func (w *walker) push(s segment) { w.trail = append(w.trail, s) }
func (w *walker) pop()           { w.trail = w.trail[:len(w.trail)-1] }

func (w *walker) path() *field.Path {
	p := w.root
	for _, s := range w.trail {
		switch {
		case s.index >= 0:
			p = p.Index(s.index)
		case s.isKey:
			p = p.Key(s.name)
		default:
			p = p.Child(s.name)
		}
	}
	return p
}

// visit checks node n, reached in role r from a parent present in both
// objects, or (fields only) from a parent object that the update adds or
// removes; n's value may be missing on either side.
func (w *walker) visit(n *node, r role, newV, oldV any, hasNew, hasOld bool) {
	if w.stop.Ended() {
		return
	}
	if n.mutability != "" {
		if r.presence && hasNew && !hasOld && n.mutability != schema.AddOnly {
			w.errs = append(w.errs, fieldError(w.path(), n.mutability, added, r))
		}
		if r.presence && hasOld && !hasNew && n.mutability != schema.RemoveOnly {
			w.errs = append(w.errs, fieldError(w.path(), n.mutability, removed, r))
		}
		if hasNew && hasOld {
			if !jsonvalue.Equal(newV, oldV) {
				w.errs = append(w.errs, fieldError(w.path(), n.mutability, modified, r))
			}
			return // equal values leave nothing below to check
		}
	}
	var lists *listPair // indexed once, for the key checks and the items
	if newList, oldList, ok := listsOf(newV, oldV); ok && n.isArray {
		lists = w.pairLists(n, newList, oldList)
		defer w.release(lists)
	}
	if n.keyMutability != "" {
		w.checkKeys(n, newV, oldV, lists)
	}
	switch {
	case hasNew && hasOld:
		w.correlated(n, newV, oldV, lists)
	case n.mutability == "":
		// A parent added or removed brings its fields in or takes them
		// out: they are judged as added or removed (see doc.go,
		// Correlation). A node with mutability of its own was judged
		// whole above.
		w.fields(n, newV, oldV)
	}
}

// fields visits the properties of a node whose value is an object on at
// most one side: what is not an object (missing, null, another type) has
// no fields, so every field of the other side is added or removed. Map
// values and list items are not visited: keys come and go whole, for the
// collection's own rules to judge.
func (w *walker) fields(n *node, newV, oldV any) {
	newMap, _ := newV.(map[string]any)
	oldMap, _ := oldV.(map[string]any)
	if len(n.props) > 0 && (newMap != nil || oldMap != nil) {
		w.object(n, newMap, oldMap)
	}
}

// listsOf returns the values as lists when each is a list or missing.
func listsOf(newV, oldV any) (newList, oldList []any, ok bool) {
	newList, newOK := newV.([]any)
	oldList, oldOK := oldV.([]any)
	return newList, oldList, (newOK || newV == nil) && (oldOK || oldV == nil)
}

// correlated descends into a node present in both objects; lists is the
// key index of list values, when visit built one.
func (w *walker) correlated(n *node, newV, oldV any, lists *listPair) {
	if _, isMap := oldV.(map[string]any); isMap {
		if _, newIsMap := newV.(map[string]any); !newIsMap {
			w.fields(n, nil, oldV) // an object replaced by null or another type
			return
		}
	}
	switch newV := newV.(type) {
	case map[string]any:
		if oldV, ok := oldV.(map[string]any); ok {
			w.object(n, newV, oldV)
		} else {
			w.fields(n, newV, nil)
		}
	case []any:
		oldV, ok := oldV.([]any)
		if !ok || n.items == nil {
			return
		}
		if lists == nil {
			lists = w.pairLists(n, newV, oldV)
			defer w.release(lists)
		}
		for _, pair := range lists.pairs {
			w.push(segment{index: pair.newIndex})
			w.visit(n.items, asItem, newV[pair.newIndex], oldV[pair.oldIndex], true, true)
			w.pop()
		}
	}
}

func (w *walker) object(n *node, newV, oldV map[string]any) {
	for _, p := range n.props {
		nv, hasNew := newV[p.name]
		ov, hasOld := oldV[p.name]
		if hasNew || hasOld {
			w.push(segment{name: p.name, index: -1})
			w.visit(p.node, asField, nv, ov, hasNew, hasOld)
			w.pop()
		}
	}
	if n.additional == nil {
		return
	}
	start := len(w.errs)
	for k, nv := range newV {
		if n.hasProperty(k) {
			continue
		}
		if ov, found := oldV[k]; found {
			w.push(segment{name: k, isKey: true, index: -1})
			w.visit(n.additional, asValue, nv, ov, true, true)
			w.pop()
		}
	}
	sortByField(w.errs[start:]) // map order is random; reports are not
}

// checkKeys reports keys added or removed against x-kubernetes-key-mutability.
// A missing collection has no keys; a value of another type is left to value
// validation.
func (w *walker) checkKeys(n *node, newV, oldV any, lists *listPair) {
	var addedKeys, removedKeys []keyChange
	switch {
	case n.isMap:
		newMap, _ := newV.(map[string]any)
		oldMap, _ := oldV.(map[string]any)
		addedKeys, removedKeys = n.mapKeyChanges(newMap, oldMap)
	case lists != nil:
		addedKeys, removedKeys = lists.added, lists.removed
	}
	m := n.keyMutability
	if m != schema.RemoveOnly {
		for _, k := range removedKeys {
			w.errs = append(w.errs, keyError(k.path(w.path(), n.isMap), m, removed, n.isMap))
		}
	}
	if m != schema.AddOnly {
		for _, k := range addedKeys {
			w.errs = append(w.errs, keyError(k.path(w.path(), n.isMap), m, added, n.isMap))
		}
	}
}

func (n *node) hasProperty(name string) bool {
	for _, p := range n.props {
		if p.name == name {
			return true
		}
	}
	return false
}

func sortByField(errs field.ErrorList) {
	if len(errs) > 1 {
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Field < errs[j].Field })
	}
}
