package validators

import (
	"go/types"
	"path"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/tags"
)

type fixedKind string

// The test tags. validateFalse always fails with its payload as message,
// which lets tests see exactly which checks ran where; validateError fails
// generation.
const (
	fixedTrue      fixedKind = "k8s:validateTrue"
	fixedFalse     fixedKind = "k8s:validateFalse"
	fixedError     fixedKind = "k8s:validateError"
	fixedTrueAlpha fixedKind = "k8s:validateTrueAlpha"
	fixedTrueBeta  fixedKind = "k8s:validateTrueBeta"
)

// fixedResult implements the test tags, which upstream's own test suite
// uses and kval's conformance run needs.
type fixedResult struct{ kind fixedKind }

func (v fixedResult) Doc() Doc {
	d := Doc{Tag: string(v.kind), Stability: StabilityAlpha, Scopes: anyValueScopes, PayloadKind: tags.String}
	switch v.kind {
	case fixedTrueAlpha:
		d.Stability = StabilityAlpha
	case fixedTrueBeta:
		d.Stability = StabilityBeta
	}
	if v.kind == fixedError {
		d.Description = "Test tag: generation fails with the given message."
		d.Payloads = []PayloadDoc{{Description: "<string>", Docs: "Included in the generation error."}}
		return d
	}
	d.Description = "Test tag: a check that always passes."
	if v.kind == fixedFalse {
		d.Description = "Test tag: a check that always fails, with the given message; tests use it to see which checks run, where."
	}
	d.Payloads = []PayloadDoc{{Description: "<none>"}, {Description: "<string>", Docs: "The message of the failure."}}
	d.Args = []ArgDoc{
		{Name: "flags", Description: "<comma-separated-list-of-flag-string>", Docs: "ShortCircuit and/or NonError, comma-separated", Kind: tags.String},
		{Name: "typeArg", Description: "<string>", Docs: "The check's type argument, a qualified type name (not a pointer).", Kind: tags.String},
		{Name: "cohort", Description: "<string>", Docs: "A group whose short circuits stop only each other.", Kind: tags.String},
	}
	return d
}

func (v fixedResult) Validations(_ Context, t tags.Tag) (Result, error) {
	if v.kind == fixedError {
		return Result{}, errorf("forced error: %q", t.Value)
	}
	c := code.Check{Tag: string(v.kind), Func: code.Runtime("FixedResult"),
		Args: []code.Expr{code.Lit{Value: v.kind != fixedFalse}, code.Lit{Value: t.Value}}}
	for _, a := range t.Args {
		switch a.Name {
		case "flags":
			flags, err := parseFlags(a.Value)
			if err != nil {
				return Result{}, err
			}
			c.Flags = flags
		case "typeArg":
			if a.Value != "" {
				c.TypeArgs = []types.Type{types.NewPointer(typeNamed(strings.TrimPrefix(a.Value, "*")))}
			}
		case "cohort":
			c.Cohort = a.Value
		}
	}
	return checksOnly(c), nil
}

func parseFlags(s string) (code.Flags, error) {
	var flags code.Flags
	for _, f := range strings.Split(s, ",") {
		switch strings.TrimSpace(f) {
		case "ShortCircuit":
			flags |= code.ShortCircuit
		case "NonError":
			flags |= code.NonError
		default:
			return 0, fixf("use ShortCircuit and/or NonError", "unknown flag: %q", strings.TrimSpace(f))
		}
	}
	return flags, nil
}

// typeNamed returns the type a test tag names: a predeclared type ("int")
// or a fully qualified one ("example.com/pkg.Type"). The tag is trusted: a
// wrong name fails to compile.
func typeNamed(name string) types.Type {
	dot := strings.LastIndex(name, ".")
	if dot < 0 || dot < strings.LastIndex(name, "/") {
		if obj := types.Universe.Lookup(name); obj != nil {
			return obj.Type()
		}
		return types.NewNamed(types.NewTypeName(0, nil, name, nil), types.Typ[types.Invalid], nil)
	}
	pkgPath := name[:dot]
	pkg := types.NewPackage(pkgPath, path.Base(pkgPath))
	return types.NewNamed(types.NewTypeName(0, pkg, name[dot+1:], nil), types.Typ[types.Invalid], nil)
}
