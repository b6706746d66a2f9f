package code

import "go/types"

// RuntimePkg is the import path of kval's runtime library, which generated
// code calls.
const RuntimePkg = "github.com/kval-dev/kval/validate"

// Ref names a package-level identifier. An empty Pkg means the generated
// package itself (or a predeclared identifier).
type Ref struct {
	Pkg  string
	Name string
}

// Runtime names an identifier of the runtime library.
func Runtime(name string) Ref { return Ref{Pkg: RuntimePkg, Name: name} }

// Flags change how the emitter treats a check's result.
type Flags uint8

const (
	// ShortCircuit: if the check fails, the checks after it (in its cohort)
	// do not run. All short-circuit checks of a cohort run first, together.
	ShortCircuit Flags = 1 << iota
	// NonError: a failure only triggers the short circuit; its errors are
	// not reported. Requiredness uses it for "optional and not set".
	NonError
)

// Has reports whether all flags in want are set.
func (f Flags) Has(want Flags) bool { return f&want == want }

// Level is the stability of a check (not of a tag): errors of alpha and
// beta checks are marked so a rollout layer can shadow them.
type Level string

// The levels of a check. Stable checks carry no mark.
const (
	Stable Level = ""
	Alpha  Level = "Alpha"
	Beta   Level = "Beta"
)

// Check is one call of a validation function. The emitter passes the
// standard arguments (ctx, op, fldPath, value, oldValue) first, then Args.
type Check struct {
	// Tag is the tag this check implements, for comments and docs.
	Tag string
	// Func is the function called.
	Func Ref
	// TypeArgs instantiates a generic Func explicitly, when inference cannot.
	TypeArgs []types.Type
	// Args follow the standard arguments.
	Args []Expr
	// Flags set short-circuit behaviour.
	Flags Flags
	// Cohort groups checks whose short circuits only stop each other (e.g.
	// all checks of one list item). The default cohort is "".
	Cohort string
	// Level marks the check's errors as alpha or beta.
	Level Level
	// LevelSetInside says Level was already applied to the checks this one
	// wraps, so an enclosing +k8s:alpha or +k8s:beta must not override it.
	LevelSetInside bool
	// Comments are emitted above the call.
	Comments []string
	// Unset, when set, is the inline test the emitter may use instead of
	// calling Func, for a NonError short circuit that tests "value not set":
	// it needs no call and allocates nothing.
	Unset *Unset
}

// UnsetKind says how "not set" is tested.
type UnsetKind uint8

// The ways to test that a value is not set.
const (
	// NilValue: the nilable value is nil (pointers).
	NilValue UnsetKind = iota
	// EmptyValue: the value has length zero (slices, maps).
	EmptyValue
	// ZeroValue: the pointed-to value equals Zero.
	ZeroValue
)

// Unset is an inline "value is not set" test.
type Unset struct {
	Kind UnsetKind
	// Zero is the zero literal for ZeroValue tests ("", 0, false).
	Zero string
}

// With returns a copy of c with comments appended.
func (c Check) With(comments ...string) Check {
	c.Comments = append(append([]string(nil), c.Comments...), comments...)
	return c
}

// Var is a package-level variable the checks refer to, such as the allowed
// values of an enum.
type Var struct {
	Name string
	Init Expr
}
