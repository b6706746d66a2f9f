package celrules

import (
	"context"
	"maps"
	"slices"
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/schema"
)

// walker evaluates the rules of a tree on one value.
type walker struct {
	ctx    context.Context
	base   *field.Path
	segs   []segment
	budget int64
	errs   field.ErrorList
	// ratcheted are errors on unchanged values of an update.
	ratcheted field.ErrorList
	// skipCostTracking lets rules run unmetered (unmetered.go);
	// sizesChecked says the values are within their types' bounds
	// (sizes.go); lowerBound says a rule ran unmetered, so that budget is
	// only a lower bound of what is left.
	skipCostTracking, sizesChecked, lowerBound bool
}

// segment is one step of the walk's position; the field path is only built
// when an error needs it.
type segment struct {
	name  string
	index int
	kind  segmentKind
}

type segmentKind uint8

const (
	childSegment segmentKind = iota
	keySegment
	indexSegment
)

var walkers = sync.Pool{New: func() any { return &walker{} }}

func getWalker(ctx context.Context, base *field.Path, opts EvalOptions) *walker {
	w := walkers.Get().(*walker)
	w.ctx, w.base, w.budget, w.skipCostTracking = ctx, base, opts.Budget, opts.SkipCostTracking
	return w
}

// restartMetered forgets what the walk found, to walk again with every
// rule metered.
func (w *walker) restartMetered(budget int64) {
	clear(w.segs)
	*w = walker{ctx: w.ctx, base: w.base, budget: budget, segs: w.segs[:0]}
}

// release returns the walker to the pool, dropping every reference it holds.
func (w *walker) release() {
	clear(w.segs)
	*w = walker{segs: w.segs[:0]}
	walkers.Put(w)
}

// path is the field path of the current position.
func (w *walker) path() *field.Path {
	p := w.base
	for _, s := range w.segs {
		switch s.kind {
		case childSegment:
			p = p.Child(s.name)
		case keySegment:
			p = p.Key(s.name)
		default:
			p = p.Index(s.index)
		}
	}
	return p
}

// visit evaluates the rules of n and of its subtree on obj; old is the
// value obj replaces where old and new correlate (nil on create).
// Null values are not validated: a rule about a nullable field's presence
// belongs to the object around it.
func (w *walker) visit(n *node, obj, old any, r ratchet) {
	if obj == nil {
		return
	}
	w.evalRules(n, obj, nilIfEmpty(old), r)
	if w.budget < 0 {
		return
	}
	switch v := obj.(type) {
	case []any:
		w.visitList(n, v, old, r)
	case map[string]any:
		w.visitObject(n, v, old, r)
	}
}

// nilIfEmpty turns a nil map or slice held by an interface into nil.
func nilIfEmpty(v any) any {
	switch t := v.(type) {
	case map[string]any:
		if t == nil {
			return nil
		}
	case []any:
		if t == nil {
			return nil
		}
	}
	return v
}

// visitList visits the items; only items of list-type map lists have old
// values (the old item with the same keys).
func (w *walker) visitList(n *node, list []any, old any, r ratchet) {
	if n.items == nil {
		return
	}
	var oldItems common.MapList
	if oldList, _ := old.([]any); len(oldList) > 0 && n.schema.IsMapList() {
		oldItems = common.MakeMapList(n.plain, oldList)
	}
	for i, item := range list {
		var oldItem any
		if oldItems != nil {
			oldItem = oldItems.Get(item)
		}
		w.segs = append(w.segs, segment{index: i, kind: indexSegment})
		w.visit(n.items, item, oldItem, r.index(i))
		w.segs = w.segs[:len(w.segs)-1]
		if w.budget < 0 {
			return
		}
	}
}

// visitObject visits the entries under additionalProperties (in key
// order), then the properties with rules (in name order).
func (w *walker) visitObject(n *node, obj map[string]any, old any, r ratchet) {
	oldObj, _ := old.(map[string]any)
	if !mapIsCorrelatable(n.schema.MapType) {
		oldObj = nil
	}
	if n.additional != nil {
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			w.segs = append(w.segs, segment{name: k, kind: keySegment})
			w.visit(n.additional, obj[k], oldObj[k], r.key(k))
			w.segs = w.segs[:len(w.segs)-1]
			if w.budget < 0 {
				return
			}
		}
	}
	for _, p := range n.properties {
		v, ok := obj[p.name]
		if !ok {
			continue
		}
		w.segs = append(w.segs, segment{name: p.name, kind: childSegment})
		w.visit(p.node, v, oldObj[p.name], r.key(p.name))
		w.segs = w.segs[:len(w.segs)-1]
		if w.budget < 0 {
			return
		}
	}
}

// mapIsCorrelatable: maps of unknown x-kubernetes-map-type never correlate
// old and new entries (granular, the default, and atomic do).
func mapIsCorrelatable(mapType *string) bool {
	return mapType == nil || *mapType == schema.MapTypeGranular || *mapType == schema.MapTypeAtomic
}
