package validators

import (
	"encoding/json"
	"go/types"
	"reflect"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	requiredTag  = "k8s:required"
	optionalTag  = "k8s:optional"
	forbiddenTag = "k8s:forbidden"
	// defaultTag is the defaulting tag (+default=<json>); optional fields
	// with a default are required once defaults are applied.
	defaultTag = "default"
	// DefaultAliasTag is KEP-5073's spelling of +default; kval reads both.
	DefaultAliasTag = "k8s:default"
)

// DefaultTags finds a field's default values, under either spelling
// (+default=<json>, +k8s:default=<json>), in source order.
func DefaultTags(lines []tags.Line) []tags.Found {
	var found []tags.Found
	for _, f := range tags.Extract(lines, "") {
		if f.Name == defaultTag || f.Name == DefaultAliasTag {
			found = append(found, f)
		}
	}
	return found
}

type requirednessMode string

const (
	modeRequired  requirednessMode = requiredTag
	modeOptional  requirednessMode = optionalTag
	modeForbidden requirednessMode = forbiddenTag
)

// requiredness implements +k8s:required, +k8s:optional and +k8s:forbidden:
// whether a field must, may or must not be set. "Set" depends on the shape:
// non-zero values, non-nil pointers, non-empty slices and maps.
type requiredness struct {
	mode requirednessMode
	r    *Registry // for item selections (forbidden only)
}

func (v requiredness) Doc() Doc {
	d := Doc{Tag: string(v.mode), Scopes: fieldOnly}
	switch v.mode {
	case modeRequired:
		d.Stability = StabilityStable
		d.Description = "The field must be set: a non-zero value, a non-nil pointer, a non-empty list or map."
	case modeOptional:
		d.Stability = StabilityStable
		d.Description = "The field may be left unset."
		d.Docs = "Further checks of the field run only when it is set. An optional field with a +default " +
			"(or +k8s:default, KEP-5073's spelling) is required once defaults are applied, unless the default " +
			"is the zero value of a non-pointer field, in which case the tag is documentation only."
	case modeForbidden:
		d.Stability = StabilityBeta
		d.ItemScope = true
		d.Description = "The field must be left unset."
		d.Docs = "On one list-map item, +k8s:item(key: value)=+k8s:forbidden, the item must not be in the " +
			"list (KEP-5073's forbidden item); on update a stored item kept unchanged is accepted (ratcheting)."
	}
	return d
}

func (v requiredness) Validations(ctx Context, _ tags.Tag) (Result, error) {
	if ctx.Scope == ScopeListVal {
		return v.item(ctx)
	}
	if shape.IsStruct(ctx.Type) {
		return Result{}, fixf("make the field a pointer to make it optional, required or forbidden",
			"non-pointer structs cannot use +%s: they are always set", v.mode)
	}
	switch v.mode {
	case modeRequired:
		return checksOnly(requiredCheck(ctx.Type)), nil
	case modeOptional:
		return v.optional(ctx)
	}
	return checksOnly(
		requirednessCheck(forbiddenTag, "Forbidden", ctx.Type, code.ShortCircuit),
		unsetGuard(forbiddenTag, ctx.Type),
	), nil
}

// item handles +k8s:item(key: value)=+k8s:forbidden: the selected item must
// not exist, so the check runs on the list (the item's Enclosing place).
func (v requiredness) item(ctx Context) (Result, error) {
	return Result{Later: []Later{{Target: Enclosing, Build: func() (Result, error) {
		match, fn, err := selectedItemOf(v.r, ctx, "SliceItemForbidden")
		if err != nil {
			return Result{}, err
		}
		return checksOnly(code.Check{Tag: forbiddenTag, Func: code.Runtime(fn), Args: []code.Expr{match, equalFunc(ctx.Type)}, Level: ctx.Level}), nil
	}}}}, nil
}

// optional emits the "stop when unset" guard, or, for fields with a default,
// a required check: after defaulting the server always has a value.
func (v requiredness) optional(ctx Context) (Result, error) {
	hasDefault, zeroDefault, err := defaultOf(ctx)
	switch {
	case err != nil:
		return Result{}, err
	case hasDefault && zeroDefault && !shape.Nilable(ctx.Type):
		return Result{Comments: []string{"optional value-type fields with zero-value defaults are purely documentation"}}, nil
	case hasDefault:
		return checksOnly(requiredCheck(ctx.Type).With("optional fields with default values are effectively required")), nil
	}
	return checksOnly(unsetGuard(optionalTag, ctx.Type)), nil
}

func requiredCheck(t types.Type) code.Check {
	return requirednessCheck(requiredTag, "Required", t, code.ShortCircuit)
}

// unsetGuard stops further checks of an unset value without reporting it.
func unsetGuard(tag string, t types.Type) code.Check {
	c := requirednessCheck(tag, "Optional", t, code.ShortCircuit|code.NonError)
	c.Unset = unsetTest(t)
	return c
}

// requirednessCheck picks the runtime flavour for t's shape: prefix +
// Value, Pointer, Slice or Map.
func requirednessCheck(tag, prefix string, t types.Type, flags code.Flags) code.Check {
	suffix := "Value"
	switch shape.Native(t).(type) {
	case *types.Slice:
		suffix = "Slice"
	case *types.Map:
		suffix = "Map"
	case *types.Pointer:
		suffix = "Pointer"
	}
	return code.Check{Tag: tag, Func: code.Runtime(prefix + suffix), Flags: flags}
}

// unsetTest returns the inline test for "not set", if there is a simple one.
func unsetTest(t types.Type) *code.Unset {
	switch shape.Native(t).(type) {
	case *types.Pointer:
		return &code.Unset{Kind: code.NilValue}
	case *types.Slice, *types.Map:
		return &code.Unset{Kind: code.EmptyValue}
	}
	switch {
	case shape.IsString(t):
		return &code.Unset{Kind: code.ZeroValue, Zero: `""`}
	case shape.IsBool(t):
		return &code.Unset{Kind: code.ZeroValue, Zero: "false"}
	case shape.IsBasic(t):
		return &code.Unset{Kind: code.ZeroValue, Zero: "0"}
	}
	return nil
}

// defaultOf reads the field's +default tag: whether there is one, and
// whether it is the zero value of the field's (non-nilable) type.
func defaultOf(ctx Context) (has, zero bool, err error) {
	if ctx.Member == nil {
		return false, false, nil
	}
	found := DefaultTags(ctx.Member.Comments)
	switch len(found) {
	case 0:
		return false, false, nil
	case 1:
	default:
		return false, false, fixf("keep one +default tag", "the field has %d +default tags", len(found))
	}
	tag, err := tags.ParseRaw(found[0].Text, found[0].Pos)
	if err != nil || tag.Kind != tags.Raw || tag.Value == "" {
		return false, false, fixf("write the default as JSON, e.g. +default=\"value\" or +default=0", "+default has no value")
	}
	var value any
	if err := json.Unmarshal([]byte(tag.Value), &value); err != nil || value == nil {
		return false, false, fixf("write the default as JSON, e.g. +default=\"value\" or +default=0",
			"cannot parse the +default value %q as JSON", tag.Value)
	}
	if shape.Nilable(ctx.Type) {
		return true, false, nil
	}
	z, ok := jsonZero(ctx.Type)
	if !ok {
		return false, false, errorf("cannot tell whether the +default value is the zero value of %s", ctx.Type)
	}
	return true, reflect.DeepEqual(value, z), nil
}

// jsonZero is the zero value of t as encoding/json decodes it into an any.
func jsonZero(t types.Type) (any, bool) {
	switch {
	case shape.IsString(t):
		return "", true
	case shape.IsBool(t):
		return false, true
	case shape.IsBasic(t):
		return 0.0, true
	}
	return nil, false
}
