package validators

import (
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
)

const (
	listTypeTag     = "k8s:listType"
	listMapKeyTag   = "k8s:listMapKey"
	uniqueTag       = "k8s:unique"
	customUniqueTag = "k8s:customUnique"
)

// listSemantic is how a list's items are identified.
type listSemantic string

const (
	semanticAtomic listSemantic = "atomic" // no identity: the list is replaced whole
	semanticSet    listSemantic = "set"    // an item is identified by its value
	semanticMap    listSemantic = "map"    // an item is identified by its listMapKey fields
)

// listMeta is what the list tags of one list field or type declare.
type listMeta struct {
	// listType is the declared +k8s:listType (ownership), empty if none.
	listType string
	semantic listSemantic
	keys     []*Member // listMapKey fields, in tag order
	keyNames []string
	// customUnique: uniqueness is checked by hand-written code.
	customUnique bool
	level        code.Level
}

// listAt returns the list metadata of a path, creating it.
func (r *Registry) listAt(path string) *listMeta {
	lm := r.facts.lists[path]
	if lm == nil {
		lm = &listMeta{}
		r.facts.lists[path] = lm
	}
	return lm
}

// listOf returns the list metadata that applies at ctx: the field's own,
// or, for a field of a list type, the type's.
func (r *Registry) listOf(ctx Context) *listMeta {
	if lm := r.facts.lists[ctx.Path]; lm != nil {
		return lm
	}
	if ctx.Scope == ScopeField {
		return r.facts.lists[TypePath(ctx.Type)]
	}
	return nil
}

// check reports contradictory or incomplete list tags.
func (lm *listMeta) check() error {
	switch {
	case len(lm.keys) > 0 && lm.semantic != semanticMap:
		return fixf("add +k8s:listType=map (or +k8s:unique=map)", "found listMapKey without listType=map or unique=map")
	case lm.semantic == semanticMap && len(lm.keys) == 0:
		return fixf("name the key fields with +k8s:listMapKey=<json-name>", "found listType=map or unique=map without listMapKey")
	case lm.listType == "":
		return fixf("add +k8s:listType=atomic, +k8s:listType=set or +k8s:listType=map", "listType must be specified")
	}
	return nil
}

// matchByKeys returns a function literal that compares two items by their
// list-map keys; pointer keys are equal when both are nil or both point to
// equal values.
func (lm *listMeta) matchByKeys(elem types.Type) code.FuncLit {
	item := types.NewPointer(shape.NonPointer(elem))
	var conds []string
	for _, k := range lm.keys {
		n := k.Name
		if shape.IsPointer(k.Type) {
			conds = append(conds, "((a."+n+" == nil && b."+n+" == nil) || (a."+n+" != nil && b."+n+" != nil && *a."+n+" == *b."+n+"))")
		} else {
			conds = append(conds, "a."+n+" == b."+n)
		}
	}
	return code.FuncLit{
		Params:  []code.Param{{Name: "a", Type: item}, {Name: "b", Type: item}},
		Results: []types.Type{types.Typ[types.Bool]},
		Body:    code.Text("return " + strings.Join(conds, " && ")),
	}
}

// equalFunc returns the runtime comparison for values of t: == when it
// compares by content, semantic deep equality otherwise.
func equalFunc(t types.Type) code.Ident {
	if shape.DirectComparable(shape.Value(t)) {
		return code.Ident{Ref: code.Runtime("DirectEqual")}
	}
	return code.Ident{Ref: code.Runtime("SemanticDeepEqual")}
}

// uniquenessChecks returns the uniqueness check a list's semantics imply,
// once per list, after all of the list's tags are known.
func (r *Registry) uniquenessChecks(ctx Context) (Result, error) {
	if !shape.IsSlice(ctx.Type) {
		return Result{}, nil
	}
	lm, err := r.listMetaFor(ctx)
	if err != nil || lm == nil || r.facts.listsDone[ctx.Path] {
		return Result{}, err
	}
	r.facts.listsDone[ctx.Path] = true
	if err := lm.check(); err != nil {
		return Result{}, err
	}
	if lm.customUnique {
		return Result{Comments: []string{"Uniqueness validation is implemented via custom, handwritten validation"}}, nil
	}
	elem, _ := shape.Elem(ctx.Type)
	var match code.Expr
	var comment string
	switch lm.semantic {
	case semanticSet:
		match, comment = equalFunc(elem), "lists with set semantics require unique values"
	case semanticMap:
		match, comment = lm.matchByKeys(elem), "lists with map semantics require unique keys"
	default:
		return Result{}, nil
	}
	fn := "SliceUnique"
	if shape.IsPointer(elem) {
		fn = "PtrSliceUnique"
	}
	return checksOnly(code.Check{Tag: listTypeTag, Func: code.Runtime(fn), Args: []code.Expr{match},
		Level: lm.level, Comments: []string{comment}}), nil
}

// listMetaFor is listOf, refusing list tags on both a field and its type.
func (r *Registry) listMetaFor(ctx Context) (*listMeta, error) {
	own := r.facts.lists[ctx.Path]
	if ctx.Scope != ScopeField {
		return own, nil
	}
	ofType := r.facts.lists[TypePath(ctx.Type)]
	if own != nil && ofType != nil {
		return nil, fixf("declare the list semantics on the type or on the field, not both",
			"found list metadata for both a field and its type")
	}
	if ofType != nil {
		return ofType, nil
	}
	return own, nil
}

// listChecksLater defers the uniqueness check until all list tags of ctx are
// read.
func (r *Registry) listChecksLater(ctx Context) Result {
	return Result{Later: []Later{{Target: Here, Build: func() (Result, error) { return r.uniquenessChecks(ctx) }}}}
}

func requireList(ctx Context) error {
	if !shape.IsSlice(ctx.Type) {
		return errorf("can only be used on list types, not %s", describeType(ctx.Type))
	}
	return nil
}

func elemIsStruct(ctx Context) bool {
	elem, _ := shape.Elem(ctx.Type)
	return shape.IsStruct(shape.NonPointer(elem))
}
