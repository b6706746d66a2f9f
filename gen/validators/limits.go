package validators

import (
	"go/types"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

type limitKind string

const (
	limitMinimum       limitKind = "k8s:minimum"
	limitMaximum       limitKind = "k8s:maximum"
	limitExclusiveMin  limitKind = "k8s:exclusiveMinimum"
	limitExclusiveMax  limitKind = "k8s:exclusiveMaximum"
	limitMinLength     limitKind = "k8s:minLength"
	limitMaxLength     limitKind = "k8s:maxLength"
	limitMaxBytes      limitKind = "k8s:maxBytes"
	limitMinItems      limitKind = "k8s:minItems"
	limitMaxItems      limitKind = "k8s:maxItems"
	limitMinProperties limitKind = "k8s:minProperties"
	limitMaxProperties limitKind = "k8s:maxProperties"
)

// maxPropertiesLimit bounds min/maxProperties, as upstream does.
const maxPropertiesLimit = 100000

// limit implements the bounds on numbers, string lengths and collection
// sizes. They differ only in the shape they apply to and the runtime check.
type limit struct {
	kind limitKind
	// r resolves the fields a numeric bound's constraint names; nil for
	// the length and size limits, which take numbers only.
	r *Registry
}

type limitSpec struct {
	fn          string
	target      string // what the tag applies to, for messages
	scopes      []Scope
	applies     func(types.Type) bool
	description string
	payload     PayloadDoc
	// shortCircuit: a list or map that is too large is not validated
	// further, which bounds the work an oversized object causes.
	shortCircuit bool
	// skipZero: a limit of 0 checks nothing and emits nothing.
	skipZero bool
	max      int64
	// stability is the tag's; the zero value means stable. Tags kval adds
	// beyond upstream start at beta, as KEP-5073 lets simple OpenAPI-like
	// tags start.
	stability Stability
	example   string
}

var (
	listScopes = []Scope{ScopeType, ScopeField, ScopeListVal, ScopeMapVal}
	mapScopes  = []Scope{ScopeType, ScopeField}
)

func (v limit) spec() limitSpec {
	switch v.kind {
	case limitMinimum, limitMaximum:
		s := limitSpec{fn: "Minimum", target: "integer", scopes: anyValueScopes, applies: shape.IsInteger,
			description: "The integer value must be at least the given number.",
			payload:     PayloadDoc{Description: "<integer>", Docs: "The smallest value allowed."}}
		if v.kind == limitMaximum {
			s.fn, s.description = "Maximum", "The integer value must be at most the given number."
			s.payload.Docs = "The largest value allowed."
		}
		return s
	case limitExclusiveMin:
		return limitSpec{fn: "ExclusiveMinimum", target: "integer", scopes: anyValueScopes, applies: shape.IsInteger, stability: StabilityBeta,
			description: "The integer value must be greater than the given number (KEP-5073; OpenAPI's exclusiveMinimum).",
			payload:     PayloadDoc{Description: "<integer>", Docs: "The largest value not allowed."},
			example:     "// +k8s:optional\n// +k8s:beta(since: \"1.36\")=+k8s:exclusiveMinimum=0\nTarget int32 `json:\"target\"`"}
	case limitExclusiveMax:
		return limitSpec{fn: "ExclusiveMaximum", target: "integer", scopes: anyValueScopes, applies: shape.IsInteger, stability: StabilityBeta,
			description: "The integer value must be less than the given number (KEP-5073; OpenAPI's exclusiveMaximum).",
			payload:     PayloadDoc{Description: "<integer>", Docs: "The smallest value not allowed."},
			example:     "// +k8s:optional\n// +k8s:beta(since: \"1.36\")=+k8s:exclusiveMaximum=100\nTarget int32 `json:\"target\"`"}
	case limitMinLength:
		return limitSpec{fn: "MinLength", target: "string", scopes: anyValueScopes, applies: shape.IsString, skipZero: true,
			description: "The string must have at least the given number of characters (runes, so between N and 4N bytes). An empty value is left to the requiredness tags.",
			payload:     PayloadDoc{Description: "<integer>", Docs: "The fewest characters allowed."}}
	case limitMaxLength:
		return limitSpec{fn: "MaxLength", target: "string", scopes: anyValueScopes, applies: shape.IsString,
			description: "The string may have at most the given number of characters (runes, so up to 4N bytes); +k8s:maxBytes bounds bytes instead.",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The most characters allowed."}}
	case limitMaxBytes:
		return limitSpec{fn: "MaxBytes", target: "string", scopes: anyValueScopes, applies: shape.IsString,
			description: "The string may have at most the given number of bytes (as few as N/4 multi-byte characters); +k8s:maxLength bounds characters instead.",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The most bytes allowed."}}
	case limitMinItems:
		return limitSpec{fn: "MinItems", target: "list", scopes: listScopes, applies: shape.IsSlice,
			description: "The list must have at least the given number of items.",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The fewest items allowed."}}
	case limitMaxItems:
		return limitSpec{fn: "MaxItems", target: "list", scopes: listScopes, applies: shape.IsSlice, shortCircuit: true,
			description: "The list may have at most the given number of items; a longer list stops further checks of its items.",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The most items allowed."}}
	case limitMinProperties:
		return limitSpec{fn: "MinProperties", target: "map", scopes: mapScopes, applies: isStringKeyedMap, max: maxPropertiesLimit,
			description: "The map must have at least the given number of entries (JSON schema minProperties, on Go maps with string keys only).",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The fewest entries allowed, at most 100000."}}
	default:
		return limitSpec{fn: "MaxProperties", target: "map", scopes: mapScopes, applies: isStringKeyedMap, max: maxPropertiesLimit, shortCircuit: true,
			description: "The map may have at most the given number of entries (JSON schema maxProperties, on Go maps with string keys only); a larger map stops further checks of its entries.",
			payload:     PayloadDoc{Description: "<non-negative integer>", Docs: "The most entries allowed, at most 100000."}}
	}
}

func isStringKeyedMap(t types.Type) bool {
	key, ok := shape.MapKey(t)
	return ok && shape.IsString(key) && !shape.IsPointer(key)
}

func (v limit) Doc() Doc {
	s := v.spec()
	stability := s.stability
	if stability == "" {
		stability = StabilityStable
	}
	d := Doc{
		Example: s.example,
		Tag:     string(v.kind), Stability: stability, Scopes: s.scopes, Description: s.description,
		Payloads: []PayloadDoc{s.payload}, PayloadKind: tags.Int, PayloadRequired: true, Once: true,
	}
	if s.target == "integer" {
		addFieldReference(&d)
	}
	return d
}

func (v limit) Validations(ctx Context, t tags.Tag) (Result, error) {
	s := v.spec()
	if !s.applies(ctx.Type) {
		return Result{}, errorf("can only be used on %s types, not %s", s.target, describeType(ctx.Type))
	}
	if _, ok := t.NamedArg(constraintArg); ok {
		return v.fieldBound(ctx, t, s)
	}
	if s.target == "integer" {
		return v.bound(ctx, t, s)
	}
	n, err := parseDecimal(t.Value)
	switch {
	case err != nil:
		return Result{}, err
	case n < 0 && !s.skipZero:
		return Result{}, errorf("must be greater than or equal to zero")
	case s.max > 0 && n > s.max:
		return Result{}, errorf("must be less than or equal to %d", s.max)
	case s.skipZero && n <= 0:
		// +k8s:minLength=0 documents that no minimum was intended.
		return Result{}, nil
	}
	c := code.Check{Tag: string(v.kind), Func: code.Runtime(s.fn), Args: []code.Expr{code.Lit{Value: int(n)}}}
	if s.shortCircuit {
		c.Flags = code.ShortCircuit
	}
	return checksOnly(c), nil
}

// bound handles minimum and maximum, whose limit must fit the field's type.
func (v limit) bound(ctx Context, t tags.Tag, s limitSpec) (Result, error) {
	var value any
	var err error
	if shape.IsUnsigned(ctx.Type) {
		value, err = parseUnsigned(t.Value, shape.IntBits(ctx.Type))
	} else {
		value, err = parseSigned(t.Value, shape.IntBits(ctx.Type))
	}
	if err != nil {
		return Result{}, err
	}
	return checksOnly(code.Check{Tag: string(v.kind), Func: code.Runtime(s.fn), Args: []code.Expr{code.Lit{Value: value}}}), nil
}

// describeType names a type for messages: its name with package names
// (not paths), and what it is underneath when that differs.
func describeType(t types.Type) string {
	name := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	if kind := shape.KindName(t); kind != name && kind != "pointer" {
		return name + " (" + kind + ")"
	}
	return name
}
