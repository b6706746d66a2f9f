package validators

import (
	"go/types"
	"sort"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const updateTag = "k8s:update"

// constraint is one +k8s:update value; the order is the runtime's.
type constraint int

const (
	noSet constraint = iota
	noUnset
	noModify
	noAddItem
	noRemoveItem
)

var constraintNames = []string{"NoSet", "NoUnset", "NoModify", "NoAddItem", "NoRemoveItem"}

// constraintAliases are the other spellings of a constraint: KEP-5073
// names NoUnset NoClear.
var constraintAliases = map[string]constraint{"NoClear": noUnset}

func parseConstraint(s string) (constraint, bool) {
	if c, ok := constraintAliases[s]; ok {
		return c, true
	}
	for i, n := range constraintNames {
		if n == s {
			return constraint(i), true
		}
	}
	return 0, false
}

// parseConstraints reads a +k8s:update value: one constraint or a comma
// list of them (NoModify,NoClear).
func parseConstraints(value string) ([]constraint, error) {
	var cs []constraint
	for _, name := range strings.Split(value, ",") {
		c, ok := parseConstraint(name)
		if !ok {
			return nil, fixf("use NoSet, NoModify, NoClear (or NoUnset), NoAddItem or NoRemoveItem, alone or as a comma list",
				"unknown +k8s:update constraint %q", name)
		}
		cs = append(cs, c)
	}
	return cs, nil
}

func (c constraint) String() string { return constraintNames[c] }

// updateMeta accumulates the +k8s:update tags of one field.
type updateMeta struct {
	constraints map[constraint]bool
	level       code.Level
}

// update implements +k8s:update=NoSet|NoUnset|NoModify|NoAddItem|NoRemoveItem,
// with NoClear for NoUnset and comma lists (NoModify,NoClear) as KEP-5073
// writes them. The tags of a field combine into one check.
type update struct{ r *Registry }

func (*update) Doc() Doc {
	return Doc{
		Tag: updateTag, Stability: StabilityStable, Scopes: []Scope{ScopeField, ScopeListVal, ScopeMapVal},
		PayloadKind: tags.String,
		Example:     "// +k8s:optional\n// +k8s:update=NoModify,NoClear\nVolumeName string `json:\"volumeName\"`",
		Description: "Restricts how an update may change the field; combine constraints in a comma list (NoModify,NoClear) or by repeating the tag.",
		Payloads: []PayloadDoc{
			{Description: "NoSet", Docs: "an unset field may not become set"},
			{Description: "NoUnset", Docs: "a set field may not become unset"},
			{Description: "NoClear", Docs: "KEP-5073's name for NoUnset"},
			{Description: "NoModify", Docs: "a set field may not change value (setting and unsetting are left to NoSet and NoUnset)"},
			{Description: "NoAddItem", Docs: "a list or map may not gain items"},
			{Description: "NoRemoveItem", Docs: "a list or map may not lose items"},
		},
		Docs: "Unset means the zero value, a nil pointer, or an empty list or map; a non-pointer struct is " +
			"always set, so NoSet and NoUnset do nothing there. Items of a list are identified by its " +
			"+k8s:listType, +k8s:listMapKey and +k8s:unique tags, entries of a map by their key. Lists and " +
			"maps take no NoModify: freeze their items with +k8s:eachVal=+k8s:update=NoModify, which on a " +
			"list needs items identified by key (listType=map or unique=map). " +
			"Set-once field: NoModify,NoClear. Set at creation or never: NoSet. " +
			"On one list-map item (KEP-5073), +k8s:item(key: value)=+k8s:update=...: NoSet (or NoAddItem) " +
			"forbids adding the item on update, NoClear (NoUnset, NoRemoveItem) removing it, clearing the list " +
			"included, and NoModify changing it. On each value, +k8s:eachVal=+k8s:update=NoSet,NoClear: a value " +
			"is set while its key (map key, list-map keys, a set item's content) is present, so these are the " +
			"collection's NoAddItem and NoRemoveItem.",
	}
}

func (v *update) Validations(ctx Context, t tags.Tag) (Result, error) {
	cs, err := parseConstraints(t.Value)
	if err != nil {
		return Result{}, err
	}
	if ctx.Scope == ScopeListVal && len(ctx.ListSelector) > 0 {
		return v.item(ctx, cs)
	}
	if ctx.Scope == ScopeListVal || ctx.Scope == ScopeMapVal {
		return v.element(ctx, cs)
	}
	um := v.r.facts.updateAt(ctx)
	for _, c := range cs {
		if err := constraintFits(ctx.Type, c); err != nil {
			return Result{}, err
		}
		um.constraints[c] = true
	}
	return Result{Later: []Later{{Target: Here, Build: func() (Result, error) { return v.fieldCheck(ctx) }}}}, nil
}

// updateAt returns the constraints gathered so far at ctx's place.
func (f *facts) updateAt(ctx Context) *updateMeta {
	um := f.updates[ctx.Path]
	if um == nil {
		um = &updateMeta{constraints: map[constraint]bool{}}
		f.updates[ctx.Path] = um
	}
	um.level = ctx.Level
	return um
}

// item handles +k8s:item(key: value)=+k8s:update=...: KEP-5073's item-level
// rules, where the item exists or not. The check runs on the list (the
// Enclosing place of the item), since a removed item cannot be visited;
// NoAddItem and NoRemoveItem are the item's NoSet and NoClear.
func (v *update) item(ctx Context, cs []constraint) (Result, error) {
	um := v.r.facts.updateAt(ctx)
	for _, c := range cs {
		switch c {
		case noAddItem:
			c = noSet
		case noRemoveItem:
			c = noUnset
		}
		um.constraints[c] = true
	}
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) { return v.itemCheck(ctx) }}}}, nil
}

// itemCheck combines an item's constraints into one check on the list, once.
func (v *update) itemCheck(ctx Context) (Result, error) {
	um := v.r.facts.updates[ctx.Path]
	if um == nil {
		return Result{}, nil
	}
	delete(v.r.facts.updates, ctx.Path)
	match, fn, err := selectedItemOf(v.r, ctx, "SliceItemUpdate")
	if err != nil {
		return Result{}, err
	}
	args := append([]code.Expr{match, equalFunc(ctx.Type)}, constraintArgs(sortedConstraints(um))...)
	return checksOnly(code.Check{Tag: updateTag, Func: code.Runtime(fn), Flags: code.ShortCircuit, Args: args, Level: um.level}), nil
}

// selectedItemOf returns, for a tag written on a +k8s:item selection, the
// function matching the item and the runtime function fn (or its Ptr
// variant for a list of pointers) that checks the whole list.
func selectedItemOf(r *Registry, ctx Context, fn string) (code.FuncLit, string, error) {
	elem, _ := shape.Elem(shape.NonPointer(ctx.ParentType))
	list := Context{Scope: ScopeField, Path: ctx.ParentPath, Type: ctx.ParentType}
	sel := itemSelection{r: r, ctx: list, criteria: ctx.ListSelector, itemType: ctx.Type, elem: elem}
	match, err := sel.matchItem()
	if shape.IsPointer(elem) {
		fn = "Ptr" + fn
	}
	return match, fn, err
}

func sortedConstraints(um *updateMeta) []constraint {
	var cs []constraint
	for c := range um.constraints {
		cs = append(cs, c)
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
	return cs
}

// element handles +k8s:eachVal=+k8s:update=NoModify, the only constraint on
// a single list or map value.
func (v *update) element(ctx Context, cs []constraint) (Result, error) {
	for _, c := range cs {
		if c != noModify {
			return Result{}, fixf("attach it to the enclosing field", "+k8s:update=%s does not apply to %s", c, ctx.Scope)
		}
	}
	c := noModify
	if shape.IsSlice(ctx.Type) || shape.IsMap(ctx.Type) {
		return Result{}, errorf("+k8s:update=NoModify cannot be applied to list/map elements that are themselves lists or maps")
	}
	if ctx.Scope == ScopeListVal && ctx.ParentPath != "" {
		if lm := v.r.facts.lists[ctx.ParentPath]; lm != nil && lm.semantic != semanticMap {
			return Result{}, fixf("declare +k8s:listType=map (or +k8s:unique=map) so items keep their identity",
				"+k8s:eachVal=+k8s:update=NoModify requires the enclosing list to use listType=map or unique=map (got %s)", lm.semantic)
		}
	}
	check := scalarUpdate(ctx.Type, []constraint{c})
	check.Level = ctx.Level
	return checksOnly(check), nil
}

// constraintFits rejects constraints that mean nothing for the field's shape.
func constraintFits(t types.Type, c constraint) error {
	compound := shape.IsSlice(t) || shape.IsMap(t)
	switch {
	case (c == noAddItem || c == noRemoveItem) && !compound:
		return errorf("+k8s:update=%s can only be used on list or map fields", c)
	case c == noModify && compound:
		return fixf("use +k8s:eachVal=+k8s:update=NoModify for per-item immutability", "+k8s:update=NoModify is not supported on list or map fields")
	case (c == noSet || c == noUnset) && shape.IsStruct(t):
		return fixf("make the field a pointer", "+k8s:update=%s cannot be used on non-pointer struct fields (they cannot be unset)", c)
	}
	return nil
}

// fieldCheck combines a field's constraints into one check, once.
func (v *update) fieldCheck(ctx Context) (Result, error) {
	um := v.r.facts.updates[ctx.Path]
	if um == nil || len(um.constraints) == 0 {
		return Result{}, nil
	}
	delete(v.r.facts.updates, ctx.Path)
	cs := sortedConstraints(um)
	var check code.Check
	switch {
	case shape.IsSlice(ctx.Type):
		var err error
		if check, err = v.sliceUpdate(ctx, cs); err != nil {
			return Result{}, err
		}
	case shape.IsMap(ctx.Type):
		check = code.Check{Tag: updateTag, Func: code.Runtime("UpdateMap"), Flags: code.ShortCircuit, Args: constraintArgs(cs)}
	default:
		check = scalarUpdate(ctx.Type, cs)
	}
	check.Level = um.level
	if ctx.Level != code.Stable {
		check.Level = ctx.Level
	}
	return checksOnly(check), nil
}

// sliceUpdate needs the list's item identity for NoAddItem/NoRemoveItem.
func (v *update) sliceUpdate(ctx Context, cs []constraint) (code.Check, error) {
	var match code.Expr = code.Nil{}
	elem, _ := shape.Elem(ctx.Type)
	if containsItemConstraint(cs) {
		lm := v.r.listOf(ctx)
		switch {
		case lm == nil:
			return code.Check{}, fixf("declare +k8s:listType=map with +k8s:listMapKey, or +k8s:listType=set",
				"+k8s:update=NoAddItem/+k8s:update=NoRemoveItem require list metadata to determine item identity")
		case lm.semantic == semanticMap && len(lm.keys) == 0:
			return code.Check{}, fixf("add +k8s:listMapKey", "+k8s:update=NoAddItem/+k8s:update=NoRemoveItem require listMapKey to be set for listType=map")
		case lm.semantic == semanticMap:
			match = lm.matchByKeys(elem)
		case lm.semantic == semanticSet:
			match = equalFunc(elem)
		default:
			return code.Check{}, fixf("use listType=set, listType=map, unique=set or unique=map",
				"+k8s:update=NoAddItem/+k8s:update=NoRemoveItem require list items to have an identity")
		}
	}
	fn := "ValSliceUpdate"
	if shape.IsPointer(elem) {
		fn = "PtrSliceUpdate"
	}
	return code.Check{Tag: updateTag, Func: code.Runtime(fn), Flags: code.ShortCircuit,
		Args: append([]code.Expr{match}, constraintArgs(cs)...)}, nil
}

func containsItemConstraint(cs []constraint) bool {
	for _, c := range cs {
		if c == noAddItem || c == noRemoveItem {
			return true
		}
	}
	return false
}

// scalarUpdate picks the runtime check for a non-collection value. It is a
// short circuit so it runs with +k8s:optional, before other checks.
func scalarUpdate(t types.Type, cs []constraint) code.Check {
	fn := "UpdateValueByReflect"
	switch {
	case shape.IsPointer(t):
		fn = "UpdatePointer"
	case shape.IsStruct(t):
		fn = "UpdateStruct"
	case shape.DirectComparable(shape.Value(t)):
		fn = "UpdateValueByCompare"
	}
	return code.Check{Tag: updateTag, Func: code.Runtime(fn), Flags: code.ShortCircuit, Args: constraintArgs(cs)}
}

func constraintArgs(cs []constraint) []code.Expr {
	args := make([]code.Expr, len(cs))
	for i, c := range cs {
		args[i] = code.Ident{Ref: code.Runtime(c.String())}
	}
	return args
}
