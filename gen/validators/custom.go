package validators

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"github.com/kval-dev/kval/gen/code"
	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/tags"
)

const (
	customValidationTag = "k8s:customValidation"
	customPrefix        = "ValidateCustom_"
)

// customValidation implements +k8s:customValidation: the generated code
// calls a hand-written function, found by name in the generated package, so
// the function gets the generated traversal, ratcheting and short circuits.
type customValidation struct{ r *Registry }

func (*customValidation) Doc() Doc {
	return Doc{
		Tag: customValidationTag, Stability: StabilityStable, Scopes: []Scope{ScopeType, ScopeField},
		Description: "Calls a hand-written function, so a rule no tag expresses still gets the generated traversal, ratcheting and short circuits.",
		Docs: "Write the function in the package that receives the generated code, named " +
			"ValidateCustom_<Type> (on a type) or ValidateCustom_<Type>_<Field> (on a field), with Go names, " +
			"and the signature of every check: func(ctx context.Context, op operation.Operation, " +
			"fldPath *field.Path, value, oldValue V) field.ErrorList, where V is the value's type, or a " +
			"pointer to it when the type cannot be nil. A field's function is skipped on update when the " +
			"field is unchanged; a type's function always runs, so it should return early when nothing it " +
			"checks changed. A missing or mis-typed function, or a ValidateCustom_ function no tag calls, " +
			"is reported.",
	}
}

func (v *customValidation) Validations(ctx Context, _ tags.Tag) (Result, error) {
	owner := ctx.Type
	if ctx.Scope == ScopeField {
		owner = ctx.ParentType
	}
	named, ok := shape.Named(owner)
	if !ok || named.Obj().Pkg() == nil {
		return Result{}, errorf("can only be used on named types and their fields")
	}
	out, ok := v.r.universe.OutputPackage(named.Obj().Pkg().Path())
	if !ok {
		return Result{}, errorf("cannot resolve the generated package for %s (is it being generated?)", named.Obj().Pkg().Path())
	}
	name := customPrefix + named.Obj().Name()
	if ctx.Scope == ScopeField {
		name += "_" + ctx.Member.Name
	}
	value := shape.NilableForm(ctx.Type)
	if err := v.checkFunc(out, name, value); err != nil {
		return Result{}, err
	}
	ref := code.Ref{Pkg: out, Name: name}
	v.r.facts.custom[ref] = true
	return checksOnly(code.Check{Tag: customValidationTag, Func: ref, Comments: []string{"custom validation"}}), nil
}

// checkFunc reports a missing or mis-typed hand-written function now,
// rather than as a compile error in generated code.
func (v *customValidation) checkFunc(pkg, name string, value types.Type) error {
	want := fmt.Sprintf("func %s(ctx context.Context, op operation.Operation, fldPath *field.Path, value, oldValue %s) field.ErrorList",
		name, types.TypeString(value, types.RelativeTo(nil)))
	f := v.r.universe.Func(pkg, name)
	if f == nil {
		return fixf("write "+want+" in package "+pkg, "the hand-written function %s.%s was not found", pkg, name)
	}
	sig, _ := f.Type().(*types.Signature)
	if sig == nil || !customSignature(sig, value) {
		return fixf("its signature must be "+want, "%s.%s has the wrong signature", pkg, name)
	}
	return nil
}

func customSignature(sig *types.Signature, value types.Type) bool {
	p, res := sig.Params(), sig.Results()
	if sig.Variadic() || p.Len() != 5 || res.Len() != 1 {
		return false
	}
	return isNamed(p.At(0).Type(), "context", "Context") &&
		isNamed(p.At(1).Type(), "k8s.io/apimachinery/pkg/api/operation", "Operation") &&
		isNamed(shape.NonPointer(p.At(2).Type()), "k8s.io/apimachinery/pkg/util/validation/field", "Path") &&
		shape.IsPointer(p.At(2).Type()) &&
		types.Identical(p.At(3).Type(), value) && types.Identical(p.At(4).Type(), value) &&
		isNamed(res.At(0).Type(), "k8s.io/apimachinery/pkg/util/validation/field", "ErrorList")
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := shape.Named(t)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// UnclaimedCustomFunctions reports ValidateCustom_ functions that no tag
// wired: they would silently never run. packages maps each input package to
// its generated package.
func (r *Registry) UnclaimedCustomFunctions(packages map[string]string) []string {
	var issues []string
	seen := map[string]bool{}
	for in, out := range packages {
		if in != out {
			for _, name := range r.customFuncs(in) {
				issues = append(issues, fmt.Sprintf("%s.%s: move it to the generated package %s", in, name, out))
			}
		}
		if seen[out] {
			continue
		}
		seen[out] = true
		for _, name := range r.customFuncs(out) {
			if !r.facts.custom[code.Ref{Pkg: out, Name: name}] {
				issues = append(issues, fmt.Sprintf("%s.%s: no +%s tag calls it (add the tag, or rename the function)", out, name, customValidationTag))
			}
		}
	}
	sort.Strings(issues)
	return issues
}

func (r *Registry) customFuncs(pkg string) []string {
	var names []string
	for _, n := range r.universe.Funcs(pkg) {
		if strings.HasPrefix(n, customPrefix) {
			names = append(names, n)
		}
	}
	return names
}
