package listtypes

import (
	"context"
	"slices"
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/walkstop"
)

// Result is the outcome of an update.
type Result struct {
	// Errors reject the update.
	Errors field.ErrorList
	// Ratcheted are the new object's errors when the old object had errors
	// too: kube-apiserver lets the update pass, kval reports them as warnings.
	Ratcheted field.ErrorList
}

// Validate checks the list types of a custom resource (or of any object
// validated by the compiled schema). fldPath prefixes the error paths; it is
// nil for a custom resource.
func (v *Validator) Validate(fldPath *field.Path, obj map[string]any) field.ErrorList {
	return v.ValidateContext(context.Background(), fldPath, obj)
}

// ValidateContext is Validate that stops early once ctx ends, with the
// errors found so far: an incomplete answer the caller must not trust.
func (v *Validator) ValidateContext(ctx context.Context, fldPath *field.Path, obj map[string]any) field.ErrorList {
	if v.root == nil || obj == nil {
		return nil
	}
	w := walkers.Get().(*walker)
	w.root, w.stop = fldPath, walkstop.New(ctx)
	w.object(v.root, obj)
	errs := w.errs
	w.root, w.segs, w.errs, w.stop = nil, w.segs[:0], nil, walkstop.Stopper{}
	walkers.Put(w)
	return errs
}

// ValidateUpdate checks the new object of an update: its errors count only
// when the old object has none, as kube-apiserver ratchets list types.
func (v *Validator) ValidateUpdate(fldPath *field.Path, obj, old map[string]any) Result {
	return v.ValidateUpdateContext(context.Background(), fldPath, obj, old)
}

// ValidateUpdateContext is ValidateUpdate that stops early once ctx ends.
func (v *Validator) ValidateUpdateContext(ctx context.Context, fldPath *field.Path, obj, old map[string]any) Result {
	errs := v.ValidateContext(ctx, fldPath, obj)
	if len(errs) == 0 {
		return Result{}
	}
	if len(v.ValidateContext(ctx, fldPath, old)) > 0 {
		return Result{Ratcheted: errs}
	}
	return Result{Errors: errs}
}

var walkers = sync.Pool{New: func() any { return &walker{} }}

// walker walks an object along the compiled nodes, keeping the path to the
// current value; a *field.Path is built only for an error.
type walker struct {
	root *field.Path
	segs []segment
	errs field.ErrorList
	stop walkstop.Stopper // ends the walk once the request's context ends
}

type segment struct {
	kind  segmentKind
	key   string
	index int
}

type segmentKind uint8

const (
	segChild segmentKind = iota // a property: .name
	segKey                      // an additionalProperties entry: [key]
	segIndex                    // an item: [i]
)

func (w *walker) path() *field.Path {
	p := w.root
	for _, s := range w.segs {
		switch s.kind {
		case segChild:
			p = p.Child(s.key)
		case segKey:
			p = p.Key(s.key)
		case segIndex:
			p = p.Index(s.index)
		}
	}
	return p
}

func (w *walker) indexPath(i int) *field.Path { return w.path().Index(i) }

// object visits additionalProperties entries, then properties, each in
// sorted order (kube-apiserver's order is Go's random map order).
func (w *walker) object(n *node, obj map[string]any) {
	if n.additional != nil {
		var buf [16]string
		keys := buf[:0]
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			w.child(segment{kind: segKey, key: k}, n.additional, obj[k])
		}
	}
	for _, p := range n.props {
		if v, ok := obj[p.name]; ok {
			w.child(segment{kind: segChild, key: p.name}, p.node, v)
		}
	}
}

func (w *walker) child(s segment, n *node, v any) {
	w.segs = append(w.segs, s)
	w.value(n, v)
	w.segs = w.segs[:len(w.segs)-1]
}

func (w *walker) value(n *node, v any) {
	if w.stop.Ended() {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		w.object(n, v)
	case []any:
		w.list(n, v)
	}
}

// list checks a list's own type, then its items.
func (w *walker) list(n *node, list []any) {
	switch n.listType {
	case "set":
		w.set(list)
	case "map":
		w.mapList(n, list)
	}
	if n.items == nil {
		return
	}
	for i, item := range list {
		w.child(segment{kind: segIndex, index: i}, n.items, item)
	}
}
