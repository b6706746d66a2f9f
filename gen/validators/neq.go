package validators

import (
	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const neqTag = "k8s:neq"

// neq implements +k8s:neq=<value>: the value must differ from one literal.
type neq struct{}

func (neq) Doc() Doc {
	return Doc{
		Tag: neqTag, Stability: StabilityAlpha, Scopes: anyValueScopes,
		Description: "The value must differ from the given string, integer or bool.",
		Payloads: []PayloadDoc{{Description: "<value>",
			Docs: "The one value not allowed, read as the field's type."}},
		PayloadKind: tags.Raw, PayloadRequired: true,
	}
}

func (neq) Validations(ctx Context, t tags.Tag) (Result, error) {
	if !shape.DirectComparable(shape.Value(ctx.Type)) {
		return Result{}, errorf("can only be used on comparable types (e.g. string, int, bool), not %s", describeType(ctx.Type))
	}
	value, err := neqValue(ctx, t)
	if err != nil {
		return Result{}, err
	}
	return checksOnly(code.Check{Tag: neqTag, Func: code.Runtime("NEQ"), Args: []code.Expr{code.Lit{Value: value}}}), nil
}

// neqValue converts the payload to the field's kind; a quoted "5" is not an
// integer, so the kinds must agree.
func neqValue(ctx Context, t tags.Tag) (any, error) {
	want := tags.None
	switch {
	case shape.IsString(ctx.Type):
		want = tags.String
	case shape.IsBool(ctx.Type):
		want = tags.Bool
	case shape.IsInteger(ctx.Type):
		want = tags.Int
	default:
		return nil, errorf("unsupported type %s: use a string, integer or boolean field", describeType(ctx.Type))
	}
	if t.Kind != want {
		return nil, errorf("type mismatch: the field is %s, but the value is %s", want, t.Kind)
	}
	switch want {
	case tags.Bool:
		return parseBool(t.Value)
	case tags.Int:
		// The literal must fit the field's type, or the generated code
		// would not compile.
		if shape.IsUnsigned(ctx.Type) {
			return parseUnsigned(t.Value, shape.IntBits(ctx.Type))
		}
		return parseSigned(t.Value, shape.IntBits(ctx.Type))
	}
	return t.Value, nil
}
