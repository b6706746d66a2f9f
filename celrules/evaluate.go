package celrules

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/interpreter"
	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
)

// activation binds self and oldSelf for the rules of one node.
type activation struct {
	self, oldSelf ref.Val
	hasOldSelf    bool
	// builds is reset before each evaluation (buildGuard).
	builds builds
}

func (a *activation) ResolveName(name string) (any, bool) {
	switch name {
	case selfVar:
		return a.self, true
	case oldSelfVar:
		return a.oldSelf, a.hasOldSelf
	case buildsVar:
		return &a.builds, true
	}
	return nil, false
}

func (a *activation) Parent() interpreter.Activation { return nil }

// activations binds the values of a node: for ordinary and transition rules,
// and for rules with optionalOldSelf (oldSelf always bound, as an optional).
func activations(n *node, obj, old any) (plain, optional *activation) {
	plain = &activation{self: common.UnstructuredToVal(obj, n.value)}
	if !n.usesOldSelf {
		return plain, plain
	}
	optional = &activation{self: plain.self, hasOldSelf: true, oldSelf: types.OptionalNone}
	if old != nil {
		plain.oldSelf = common.UnstructuredToVal(old, n.value)
		plain.hasOldSelf = true
		optional.oldSelf = types.OptionalOf(plain.oldSelf)
	}
	return plain, optional
}

// evalRules evaluates the rules of one node on a non-null value, as
// kube-apiserver does: transition rules only when there is an old value
// (unless optionalOldSelf), each evaluation charged to the budget, and the
// walk stopped (budget negative) when the budget or a call's limit runs out.
func (w *walker) evalRules(n *node, obj, old any, r ratchet) {
	n.compilePending()
	if n.initErr != nil {
		w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, fmt.Sprintf("rule compiler initialization error: %v", n.initErr)))
		return
	}
	if len(n.rules) == 0 {
		return
	}
	if w.budget <= 0 {
		w.outOfBudget(n)
		return
	}
	plain, optional := activations(n, obj, old)
	for i := range n.rules {
		rule := &n.rules[i]
		if rule.err != nil {
			w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, "rule compile error: "+rule.err.Error()))
			continue
		}
		if rule.program == nil || (rule.usesOldSelf && old == nil && !rule.optionalOldSelf) {
			continue
		}
		act := plain
		if rule.optionalOldSelf {
			act = optional
		}
		if !w.evalRule(n, rule, act, plain, obj, r) {
			w.budget = -1
			return
		}
	}
}

// evalRule evaluates one rule with act; false when no further rule may
// run. Its messageExpression is evaluated with plain, where oldSelf is never
// an optional: kube-apiserver does so even for rules with optionalOldSelf.
func (w *walker) evalRule(n *node, rule *compiledRule, act, plain *activation, obj any, r ratchet) bool {
	act.builds.reset(w.budget)
	val, cost, known, err := w.run(rule, act)
	if !known {
		return w.noCost(n, rule, err)
	}
	// A result refused for costing more than the budget (buildGuard) runs
	// out of it as surely as a cost counted after the fact.
	if cost > math.MaxInt64 || int64(cost) > w.budget || errors.Is(err, errBuildBudget) {
		w.outOfBudget(n)
		return false
	}
	w.budget -= int64(cost)
	if err != nil {
		return w.evalError(n, rule, err)
	}
	if val == types.True {
		return true
	}
	return w.ruleFailed(n, rule, plain, obj, r)
}

// run evaluates rule with act, unmetered where that is proven to change
// nothing (unmetered.go); cost is the actual cost, or the rule's bound when
// unmetered. Not known: cel-go gave no evaluation details (err nil) or no
// actual cost (err errNoActualCost).
func (w *walker) run(rule *compiledRule, act *activation) (val ref.Val, cost uint64, known bool, err error) {
	if bound, ok := w.runsUnmetered(rule); ok {
		w.lowerBound = true
		val, err := evalUnmetered(rule.unmetered, act)
		return val, bound, true, err
	}
	val, details, err := eval(w.ctx, rule.program, act)
	switch {
	case details == nil:
		return val, 0, false, nil
	case details.ActualCost() == nil:
		return val, 0, false, errNoActualCost
	}
	return val, *details.ActualCost(), true, err
}

// errNoActualCost: cel-go's evaluation details had no actual cost.
var errNoActualCost = errors.New("no actual cost")

// noCost reports an evaluation whose cost is unknown, as kube-apiserver
// does: without details an internal error, without an actual cost an
// invalid value. No further rule may run.
func (w *walker) noCost(n *node, rule *compiledRule, err error) bool {
	msg := fmt.Sprintf("runtime cost could not be calculated for validation rule: %v, no further validation rules will be run", ruleName(rule.rule))
	if err == nil {
		w.errs = append(w.errs, field.InternalError(w.path(), errors.New(msg)))
	} else {
		w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, msg))
	}
	return false
}

// eval evaluates prog with act. A context that can never end cannot
// interrupt an evaluation: Eval then does what ContextEval does, without
// the cancellable context ContextEval makes for every evaluation.
func eval(ctx context.Context, prog cel.Program, act *activation) (ref.Val, *cel.EvalDetails, error) {
	if ctx.Done() == nil {
		return prog.Eval(act)
	}
	return prog.ContextEval(ctx, act)
}

// evalError reports a rule that could not be evaluated; false when the
// call's cost limit was exceeded, which stops all further rules.
func (w *walker) evalError(n *node, rule *compiledRule, err error) bool {
	msg := err.Error()
	switch {
	case strings.HasPrefix(msg, "no such overload"):
		// the checker catches almost all of these; at runtime they come
		// from dynamically typed values (int-or-string), without position
		w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, fmt.Sprintf("'%v': call arguments did not match a supported operator, function or macro signature for rule: %v", err, ruleName(rule.rule))))
	case strings.HasPrefix(msg, "operation cancelled: actual cost limit exceeded"):
		w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, fmt.Sprintf("'%v': no further validation rules will be run due to call cost exceeds limit for rule: %v", err, ruleName(rule.rule))))
		return false
	default:
		// no such key, index out of bounds, integer overflow, division by zero, ...
		w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, fmt.Sprintf("%v evaluating rule: %v", err, ruleName(rule.rule))))
	}
	return true
}

// ruleFailed reports a rule that evaluated to false, with its message,
// messageExpression (evaluated with act), reason and fieldPath; false when
// evaluating the messageExpression stopped all further rules.
func (w *walker) ruleFailed(n *node, rule *compiledRule, act *activation, obj any, r ratchet) bool {
	path := w.path()
	if rule.fieldPath != "" {
		path = path.Child(rule.fieldPath)
	}
	report := func(e *field.Error) {
		if !rule.usesOldSelf && r.ratchets() {
			w.ratcheted = append(w.ratcheted, e)
		} else {
			w.errs = append(w.errs, e)
		}
	}
	detail, ok := "", false
	if rule.message != nil {
		out := evalMessage(w.ctx, rule.message, rule.rule.MessageExpression, act, w.budget)
		switch {
		case out.err == nil:
			detail, ok, w.budget = out.message, true, out.budget
		case out.err.Type == apiservercel.ErrorTypeInternal:
			report(field.InternalError(path, out.err))
			return false
		case out.err.Type == apiservercel.ErrorTypeInvalid:
			report(field.Invalid(path, n.schema.Type, out.err.Error()))
			return false
		default:
			w.budget = out.budget
		}
	}
	if !ok {
		detail = ruleMessage(rule.rule)
	}
	value := obj
	if n.schema.Type == "object" || n.schema.Type == "array" {
		value = field.OmitValueType{}
	}
	report(ruleFailure(path, value, detail, rule.rule.Reason))
	return true
}

func (w *walker) outOfBudget(n *node) {
	w.errs = append(w.errs, field.Invalid(w.path(), n.schema.Type, "validation failed due to running out of cost budget, no further validation rules will be run"))
	w.budget = -1
}
