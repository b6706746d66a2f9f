package celrules

import (
	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/ast"
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
