package celrules

import (
	"fmt"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/common/operators"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/interpreter"
	"k8s.io/apiserver/pkg/cel/library"
)

// Why some rules run without cost tracking: kube-apiserver's base
// environment puts cel-go's runtime cost tracker in every program; it
// observes every step of an evaluation and allocates as it goes (its
// stack, the arguments of every call), about a third of what validating a
// typical custom resource allocates. kube-apiserver needs the actual cost
// for two things only: to stop an evaluation over the per-call limit, and
// to charge the per-object budget.
//
// A rule whose estimated cost stays within the per-call limit even when
// every list, map and string it reads is of unknown size (sizeFreeCost:
// kube-apiserver's cost estimator with no size bounds at all, so neither
// maxLength nor the request size limit, which ratcheting or a large file
// may not respect, takes part) costs at most that much on any value:
// cel-go's estimate bounds the actual cost by design, and its and
// Kubernetes' cost tests check it (TestSizeFreeCostBoundsActualCost checks
// it on kval's rules). Such a rule never reaches the per-call limit, so
// evaluating its program below the tracker returns what the tracked
// program returns; charging sizeFreeCost instead of the actual cost leaves
// a lower bound of what is left of the budget. The same holds for a rule's
// estimate from the schema (maxCost) on values within the sizes that
// estimate assumed, which the walk checks first (sizes.go), for rules
// whose estimate does not misprice objects or map keys (estimateBounds).
//
// The walker (EvalOptions.SkipCostTracking) runs a rule unmetered only
// while that lower bound is at least the per-call limit plus the rule's
// bound, so that neither the budget nor the build guard's limit (the
// smaller of the two) can bind during it. Every later decision that reads
// the budget is monotone in it: a lower bound can only stop the walk
// earlier, never let it go further. So a walk that ran something unmetered
// and did not stop ends as the metered walk would; one that stopped is run
// again, metered (Validator.Validate). Only Result.Budget differs: it is a
// lower bound.

// sizeFreeCost is a checked rule's cost bound when every list, map and
// string is of unknown size, and whether it is within the per-call limit.
func sizeFreeCost(env *cel.Env, checked *cel.Ast) (uint64, bool) {
	estimate, err := env.EstimateCost(checked, &library.CostEstimator{})
	if err != nil || estimate.Max > PerCallLimit {
		return 0, false
	}
	return estimate.Max, true
}

// estimateBounds reports whether a checked rule's estimate bounds its cost
// on values within their types' sizes. Not where an object is used as a
// value other than by selecting a field of it or testing one's presence:
// the estimator takes the size of an object to be zero, while the tracker
// charges a comparison of two objects by their numbers of fields. Nor
// where a comprehension ranges over a map: the estimator takes its keys to
// be empty strings.
func estimateBounds(a *cel.Ast) bool {
	for _, e := range ast.MatchDescendants(ast.NavigateAST(a.NativeRep()), ast.AllMatcher()) {
		if e.Kind() == ast.ComprehensionKind && e.AsComprehension().IterRange().Kind() != ast.LiteralKind &&
			!isList(a.NativeRep().GetType(e.AsComprehension().IterRange().ID())) {
			return false
		}
		if !isObject(e.Type()) {
			continue
		}
		parent, ok := e.Parent()
		if !ok || !selectsFrom(parent, e) {
			return false
		}
	}
	return true
}

// isList: a list type (a comprehension over anything else may range over
// a map's keys).
func isList(t *types.Type) bool {
	return t != nil && t.Kind() == types.ListKind
}

// isObject: an object type, or an optional of one.
func isObject(t *types.Type) bool {
	switch {
	case t == nil:
		return false
	case t.Kind() == types.StructKind:
		return true
	case t.Kind() == types.OpaqueKind && t.TypeName() == types.OptionalType.TypeName() && len(t.Parameters()) == 1:
		return isObject(t.Parameters()[0])
	}
	return false
}

// selectsFrom: parent selects a field of e (e.f, has(e.f), e.?f).
func selectsFrom(parent, e ast.NavigableExpr) bool {
	switch parent.Kind() {
	case ast.SelectKind:
		return parent.AsSelect().Operand().ID() == e.ID()
	case ast.CallKind:
		call := parent.AsCall()
		return call.FunctionName() == operators.OptSelect && len(call.Args()) == 2 && call.Args()[0].ID() == e.ID()
	}
	return false
}

// captureRoot is a decorator that keeps in root the last node planned with
// the id of the expression's root: the root itself, which cel-go plans and
// decorates after all its children. Its descendants carry the tracker's
// observers, which observe nothing in a frame without a tracker.
func captureRoot(checked *cel.Ast, root *interpreter.InterpretableV2) cel.ProgramOption {
	id := checked.NativeRep().Expr().ID()
	return cel.CustomDecoratorV2(func(i interpreter.InterpretableV2) (interpreter.InterpretableV2, error) {
		if i.ID() == id {
			*root = i
		}
		return i, nil
	})
}

// runsUnmetered says whether rule may run unmetered now, and what it is
// charged: the walk allows it, the rule's cost is bounded (by its size-free
// bound, or by its estimate where the sizes were checked), and what is
// surely left of the budget covers the per-call limit and the bound.
func (w *walker) runsUnmetered(rule *compiledRule) (uint64, bool) {
	if !w.skipCostTracking || rule.unmetered == nil || w.ctx.Err() != nil {
		return 0, false
	}
	bound, ok := rule.sizeFreeCost, rule.sizeFree
	if rule.bounded && w.sizesChecked && (!ok || rule.maxCost < bound) {
		bound, ok = rule.maxCost, true
	}
	return bound, ok && w.budget >= PerCallLimit+int64(bound)
}

// evalUnmetered evaluates an unmetered root with act, with cel-go's
// outcomes: an error value is returned as the error too, a cancelled
// evaluation (the build guard's) as its error, any other panic as an
// internal error.
func evalUnmetered(root interpreter.InterpretableV2, act interpreter.Activation) (val ref.Val, err error) {
	frame, err := interpreter.NewExecutionFrame(act)
	if err != nil {
		return nil, err
	}
	defer frame.Close()
	defer func() {
		if p := recover(); p != nil {
			val = nil
			if cancelled, ok := p.(interpreter.EvalCancelledError); ok {
				err = cancelled
			} else {
				err = fmt.Errorf("internal error: %v", p)
			}
		}
	}()
	val = root.Exec(frame)
	if types.IsError(val) {
		err = val.(*types.Err)
	}
	return val, err
}
