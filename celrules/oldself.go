package celrules

import (
	"sync"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"k8s.io/apimachinery/pkg/util/version"
	"k8s.io/apiserver/pkg/cel/environment"
)

// UsesOldSelf reports whether a rule's expression reads oldSelf, which
// makes it a transition rule, as kube-apiserver decides it, from the
// parsed expression alone (no schema needed): an identifier oldSelf that
// no comprehension variable shadows. An expression that does not parse is
// not a transition rule; kval lint reports it as an error elsewhere.
func UsesOldSelf(expr string) bool {
	env, err := cel.NewEnv()
	if err != nil {
		return false
	}
	parsed, issues := env.Parse(expr)
	if issues != nil && issues.Err() != nil {
		return false
	}
	return readsOldSelf(parsed.NativeRep().Expr())
}

func readsOldSelf(e ast.Expr) bool {
	switch e.Kind() {
	case ast.IdentKind:
		return e.AsIdent() == oldSelfVar
	case ast.SelectKind:
		return readsOldSelf(e.AsSelect().Operand())
	case ast.CallKind:
		call := e.AsCall()
		return call.IsMemberFunction() && readsOldSelf(call.Target()) || anyReadsOldSelf(call.Args())
	case ast.ListKind:
		return anyReadsOldSelf(e.AsList().Elements())
	case ast.MapKind:
		for _, entry := range e.AsMap().Entries() {
			if m := entry.AsMapEntry(); readsOldSelf(m.Key()) || readsOldSelf(m.Value()) {
				return true
			}
		}
	case ast.StructKind:
		for _, entry := range e.AsStruct().Fields() {
			if readsOldSelf(entry.AsStructField().Value()) {
				return true
			}
		}
	case ast.ComprehensionKind:
		return comprehensionReadsOldSelf(e.AsComprehension())
	}
	return false
}

// comprehensionReadsOldSelf: the range and the initial value see the outer
// oldSelf; the loop and the result see it unless a variable shadows it.
func comprehensionReadsOldSelf(c ast.ComprehensionExpr) bool {
	if readsOldSelf(c.IterRange()) || readsOldSelf(c.AccuInit()) {
		return true
	}
	if c.IterVar() == oldSelfVar || c.IterVar2() == oldSelfVar || c.AccuVar() == oldSelfVar {
		return false
	}
	return readsOldSelf(c.LoopCondition()) || readsOldSelf(c.LoopStep()) || readsOldSelf(c.Result())
}

func anyReadsOldSelf(list []ast.Expr) bool {
	for _, e := range list {
		if readsOldSelf(e) {
			return true
		}
	}
	return false
}

// dynEnv is kube-apiserver's base environment with self and oldSelf of
// any type: enough to evaluate a rule on values built by hand.
var dynEnv = sync.OnceValues(func() (*cel.Env, error) {
	set, err := baseEnvSet().Extend(environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0),
		EnvOptions:        []cel.EnvOption{cel.Variable(selfVar, cel.DynType), cel.Variable(oldSelfVar, cel.DynType)},
	})
	if err != nil {
		return nil, err
	}
	return set.StoredExpressionsEnv(), nil
})

// AllowsThroughEmpty reports whether a transition rule accepts, whatever the
// other value, both an update that empties its node (oldSelf anything, self
// the empty value) and one that fills it (oldSelf the empty value, self
// anything): then any change can already be made in two updates through
// the empty value, which the rule lets through. It says so only when it
// can prove it, by evaluating the rule with the other value unknown; a
// rule it cannot evaluate (another type of node, an error) does not.
func AllowsThroughEmpty(rule string, empty any) bool {
	prog, ok := partialProgram(rule)
	return ok && alwaysTrue(prog, selfVar, oldSelfVar, empty) && alwaysTrue(prog, oldSelfVar, selfVar, empty)
}

// HoldsOn reports whether a rule that does not read oldSelf is true on
// value (false when it cannot tell).
func HoldsOn(rule string, value any) bool {
	prog, ok := partialProgram(rule)
	return ok && alwaysTrue(prog, selfVar, oldSelfVar, value)
}

// partialProgram compiles rule in dynEnv for partial evaluation; ok is
// false when it does not compile.
func partialProgram(rule string) (prog cel.Program, ok bool) {
	env, err := dynEnv()
	if err != nil {
		return nil, false
	}
	checked, issues := env.Compile(rule)
	if issues != nil && issues.Err() != nil {
		return nil, false
	}
	prog, err = env.Program(checked, cel.EvalOptions(cel.OptPartialEval))
	return prog, err == nil
}

// alwaysTrue evaluates prog with variable known set to value and unknown
// unknown, and reports whether it is true regardless.
func alwaysTrue(prog cel.Program, known, unknown string, value any) bool {
	return evalPartial(prog, map[string]any{known: value}, cel.AttributePattern(unknown)) == types.True
}

// evalPartial evaluates prog on vars with the attributes unknown left
// unknown; nil when it cannot.
func evalPartial(prog cel.Program, vars map[string]any, unknown ...*cel.AttributePatternType) ref.Val {
	activation, err := cel.PartialVars(vars, unknown...)
	if err != nil {
		return nil
	}
	out, _, err := prog.Eval(activation)
	if err != nil {
		return nil
	}
	return out
}

// ForbidsRemovalOrAddition reports whether a transition rule on an object
// provably refuses an update that removes its property field, or one that
// adds it, whatever the object's other properties (others, left unknown)
// are: "required once set" rules (!has(oldSelf.f) || has(self.f)) and
// their converse. value stands for the property's value.
func ForbidsRemovalOrAddition(rule, field string, others []string, value any) bool {
	prog, ok := partialProgram(rule)
	if !ok {
		return false
	}
	with := map[string]any{field: value}
	without := map[string]any{}
	return provablyFalse(prog, without, with, others) || provablyFalse(prog, with, without, others)
}

// provablyFalse evaluates prog on self and oldSelf whose properties others
// are unknown, and reports whether it is false regardless.
func provablyFalse(prog cel.Program, self, oldSelf map[string]any, others []string) bool {
	var unknown []*cel.AttributePatternType
	for _, name := range others {
		unknown = append(unknown, cel.AttributePattern(selfVar).QualString(name), cel.AttributePattern(oldSelfVar).QualString(name))
	}
	return evalPartial(prog, map[string]any{selfVar: self, oldSelfVar: oldSelf}, unknown...) == types.False
}
