package validators

import (
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

var listTagScopes = anyValueScopes

// listType implements +k8s:listType=atomic|set|map.
type listType struct{ r *Registry }

func (*listType) Doc() Doc {
	return Doc{
		Tag: listTypeTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Says how a list is merged and owned: atomic (replaced as a whole), set (items are unique values), or map (items are structs unique by their +k8s:listMapKey fields).",
		Payloads:    []PayloadDoc{{Description: "<type>", Docs: "atomic, set or map"}},
		PayloadKind: tags.String, PayloadRequired: true,
	}
}

func (v *listType) Validations(ctx Context, t tags.Tag) (Result, error) {
	if err := requireList(ctx); err != nil {
		return Result{}, err
	}
	lm := v.r.listAt(ctx.Path)
	lm.level = ctx.Level
	if lm.listType != "" {
		return Result{}, fixf("keep one +k8s:listType", "listType cannot be specified more than once")
	}
	switch t.Value {
	case "atomic":
		if lm.semantic == "" {
			lm.semantic = semanticAtomic
		}
	case "set", "map":
		if lm.semantic != "" && lm.semantic != semanticAtomic {
			return Result{}, fixf("remove +k8s:unique: set and map lists are unique already", "unique tag is redundant for listType=%q", t.Value)
		}
		if t.Value == "map" && !elemIsStruct(ctx) {
			return Result{}, errorf("only lists of structs can be list-maps")
		}
		lm.semantic = listSemantic(t.Value)
	default:
		return Result{}, fixf("use atomic, set or map", "unknown list type %q", t.Value)
	}
	lm.listType = t.Value
	return v.r.listChecksLater(ctx), nil
}

// listMapKey implements +k8s:listMapKey=<json-name>.
type listMapKey struct{ r *Registry }

func (*listMapKey) Doc() Doc {
	return Doc{
		Tag: listMapKeyTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Names a field of the item struct that is part of the key of a list-map; repeat the tag for a composite key.",
		Payloads:    []PayloadDoc{{Description: "<field-json-name>", Docs: "The JSON name of the key field."}},
		PayloadKind: tags.String, PayloadRequired: true,
	}
}

func (v *listMapKey) Validations(ctx Context, t tags.Tag) (Result, error) {
	if err := requireList(ctx); err != nil {
		return Result{}, err
	}
	if !elemIsStruct(ctx) {
		return Result{}, errorf("only lists of structs can be list-maps")
	}
	elem, _ := shape.Elem(ctx.Type)
	key := memberByJSON(v.r.universe, elem, t.Value)
	if key == nil {
		return Result{}, fixf("name a field of the item type by its JSON name", "no field for JSON name %q", t.Value)
	}
	if !shape.IsBasic(shape.NonPointer(key.Type)) {
		return Result{}, errorf("only primitive types and pointers to primitive types can be list-map keys, not %s", key.Type)
	}
	lm := v.r.listAt(ctx.Path)
	lm.keys = append(lm.keys, key)
	lm.keyNames = append(lm.keyNames, t.Value)
	return Result{}, nil
}

// unique implements +k8s:unique=set|map, which adds uniqueness to an atomic
// list (or declares it without a listType).
type unique struct{ r *Registry }

func (*unique) Doc() Doc {
	return Doc{
		Tag: uniqueTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Requires the items of a list to be unique, as whole values (set) or by their +k8s:listMapKey fields (map), without changing how the list is merged; use it on atomic lists or lists without a listType.",
		Payloads:    []PayloadDoc{{Description: "<type>", Docs: "set or map"}},
		PayloadKind: tags.String, PayloadRequired: true,
	}
}

func (v *unique) Validations(ctx Context, t tags.Tag) (Result, error) {
	if err := requireList(ctx); err != nil {
		return Result{}, err
	}
	lm := v.r.listAt(ctx.Path)
	lm.level = ctx.Level
	if lm.listType != "" && lm.listType != "atomic" {
		return Result{}, fixf("remove +k8s:unique: set and map lists are unique already", "unique tag may not be used with listType=set or listType=map")
	}
	if lm.semantic != "" && lm.semantic != semanticAtomic {
		return Result{}, fixf("keep one +k8s:unique", "unique tag cannot be specified more than once")
	}
	switch t.Value {
	case "set":
	case "map":
		if !elemIsStruct(ctx) {
			return Result{}, errorf("only lists of structs can be list-maps")
		}
	default:
		return Result{}, fixf("use set or map", "unknown unique type %q", t.Value)
	}
	lm.semantic = listSemantic(t.Value)
	return v.r.listChecksLater(ctx), nil
}

// customUnique implements +k8s:customUnique: uniqueness is checked by
// hand-written code, so no uniqueness check is generated.
type customUnique struct{ r *Registry }

func (*customUnique) Doc() Doc {
	return Doc{
		Tag: customUniqueTag, Stability: StabilityStable, Scopes: listTagScopes,
		Description: "Hand-written code checks this list's uniqueness, so no uniqueness check is generated for it; the list's type and keys still identify items on update.",
	}
}

func (v *customUnique) Validations(ctx Context, _ tags.Tag) (Result, error) {
	if err := requireList(ctx); err != nil {
		return Result{}, err
	}
	v.r.listAt(ctx.Path).customUnique = true
	return Result{}, nil
}
