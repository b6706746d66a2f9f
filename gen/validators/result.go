package validators

import "github.com/kval-dev/kval/gen/code"

// Result is what the tags of one place ask the generator to emit.
type Result struct {
	// Checks are the calls to make on the value.
	Checks []code.Check
	// Vars are package-level variables the checks use.
	Vars []code.Var
	// Comments are emitted before the checks.
	Comments []string
	// Opaque says validations declared on the value's type must not run
	// (+k8s:opaqueType); OpaqueKeys and OpaqueValues say the same of a map's
	// keys or a list's or map's values.
	Opaque, OpaqueKeys, OpaqueValues bool
	// Later are validations that need the other tags of the place (Here) or
	// of the enclosing struct (Enclosing) to be read first.
	Later []Later
}

// Target says which place a Later's result belongs to.
type Target string

// The targets of a Later.
const (
	// Here: the place the tag was written (a field, a type, a list).
	Here Target = "here"
	// Enclosing: the struct that contains the field the tag was written on;
	// unions and dependencies between sibling fields are checked there.
	Enclosing Target = "enclosing"
)

// Later is a validation that is built once all sibling tags are known.
type Later struct {
	Target Target
	Build  func() (Result, error)
}

// HasChecks reports whether the result asks for any code: checks,
// variables, comments, or pending work.
func (r Result) HasChecks() bool {
	return len(r.Checks) > 0 || len(r.Vars) > 0 || len(r.Comments) > 0 || len(r.Later) > 0
}

// Empty reports whether the result asks for nothing at all.
func (r Result) Empty() bool {
	return !r.HasChecks() && !r.Opaque && !r.OpaqueKeys && !r.OpaqueValues
}

// Add appends other to r.
func (r *Result) Add(other Result) {
	r.Checks = append(r.Checks, other.Checks...)
	r.Vars = append(r.Vars, other.Vars...)
	r.Comments = append(r.Comments, other.Comments...)
	r.Later = append(r.Later, other.Later...)
	r.Opaque = r.Opaque || other.Opaque
	r.OpaqueKeys = r.OpaqueKeys || other.OpaqueKeys
	r.OpaqueValues = r.OpaqueValues || other.OpaqueValues
}

// AddCheck appends one check.
func (r *Result) AddCheck(c code.Check) { r.Checks = append(r.Checks, c) }

// checksOnly returns a result with the checks of r.
func checksOnly(checks ...code.Check) Result { return Result{Checks: checks} }

// mapChecks rewrites every check of r, including those its Laters will
// build, keeping everything else. wrap learns the Later's target, because
// a check bound for the enclosing struct validates the struct, not the value
// the tag was written on.
func mapChecks(r Result, wrap func(code.Check, Target) code.Check) Result {
	return mapChecksFor(r, wrap, Here)
}

func mapChecksFor(r Result, wrap func(code.Check, Target) code.Check, target Target) Result {
	out := r
	out.Checks = make([]code.Check, len(r.Checks))
	for i, c := range r.Checks {
		out.Checks[i] = wrap(c, target)
	}
	out.Later = make([]Later, len(r.Later))
	for i, l := range r.Later {
		l := l
		out.Later[i] = Later{Target: l.Target, Build: func() (Result, error) {
			built, err := l.Build()
			if err != nil {
				return Result{}, err
			}
			return mapChecksFor(built, wrap, l.Target), nil
		}}
	}
	return out
}

// resolveAll runs every Later of r (and those they return) and merges their
// results into one, ignoring targets. Validators that re-wrap nested results
// use it when the nesting decides the target.
func resolveAll(laters []Later) (Result, error) {
	var out Result
	for len(laters) > 0 {
		var next []Later
		for _, l := range laters {
			built, err := l.Build()
			if err != nil {
				return Result{}, err
			}
			next = append(next, built.Later...)
			built.Later = nil
			out.Add(built)
		}
		laters = next
	}
	return out, nil
}
