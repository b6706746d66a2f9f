package celrules

import (
	"fmt"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/decls"
	"github.com/google/cel-go/common/functions"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
	"github.com/google/cel-go/interpreter"
)

// Why results are checked before they are built: kube-apiserver charges
// replace and format by their input, flatten by its outer list, and
// every call only once it returned. A rule such as
// self.s.replace('', self.s) passes its estimates, yet builds about
// len(s)² characters: 10 GB for a 100 KB string, and the process dies
// before any cost limit is looked at. So the calls of the functions that
// build strings and lists are wrapped (buildGuard): their arguments are
// evaluated as before, then the cost of the result is computed from them
// (buildcost.go), and the call is cancelled, as if by the cost tracker,
// when the results built by one evaluation would cost more than its
// per-call limit or than what was left of the budget when it started.
// Where the price is upstream's own (concatenation, join, sort, distinct,
// reverse, slice) this refuses only what upstream refuses a moment later,
// with the same error; replace, format and flatten are also priced by the
// size of their result (a tenth per character, one per element; join also
// a tenth per element), so that
// one evaluation builds at most ten million characters or a million list
// elements: far beyond anything a 3 MiB object needs, and still within
// memory.

// builder names a function whose results can outgrow its inputs; its
// cost method prices a result from the call's arguments.
type builder uint8

const (
	concatBuilder builder = iota
	replaceBuilder
	joinBuilder
	formatBuilder
	flattenBuilder
	sliceBuilder
	reverseBuilder
	selfCompareBuilder
)

// builders are the functions whose results can outgrow their inputs, by
// name (a call whose overload is resolved at runtime has no overload id).
// List concatenation is not among them: cel-go concatenates lazily; nor is
// lists.range: it refuses more than a million elements.
var builders = map[string]builder{
	"_+_":      concatBuilder,
	"replace":  replaceBuilder,
	"join":     joinBuilder,
	"format":   formatBuilder,
	"flatten":  flattenBuilder,
	"slice":    sliceBuilder,
	"reverse":  reverseBuilder,
	"distinct": selfCompareBuilder,
	"sort":     selfCompareBuilder,
}

// cost is what the result of a call with args costs, computed without
// building it; it may stop counting once the cost is over limit. A switch
// rather than function values, so that args can stay on the stack.
func (b builder) cost(args []ref.Val, limit uint64) uint64 {
	switch b {
	case concatBuilder:
		return concatCost(args)
	case replaceBuilder:
		return replaceCost(args)
	case joinBuilder:
		return joinCost(args, limit)
	case formatBuilder:
		return formatCost(args, limit)
	case flattenBuilder:
		return flattenCost(args, limit)
	case sliceBuilder:
		return sliceCost(args)
	case reverseBuilder:
		return reverseCost(args)
	}
	return selfCompareCost(args)
}

// buildGuard returns the decorator that wraps the calls of builders in env.
func buildGuard(env *cel.Env) cel.ProgramOption {
	var fns map[string]*decls.FunctionDecl // copied when first needed
	return cel.CustomDecoratorV2(func(i interpreter.InterpretableV2) (interpreter.InterpretableV2, error) {
		call, ok := i.(interpreter.InterpretableCall)
		if !ok || len(call.Args()) == 0 {
			return i, nil
		}
		b, ok := builders[call.Function()]
		if !ok {
			return i, nil
		}
		if fns == nil {
			fns = env.Functions()
		}
		def, err := binding(fns[call.Function()].Bindings, call)
		if err != nil || def == nil {
			return i, err
		}
		return newGuardedCall(call, def, b), nil
	})
}

// binding finds the implementation cel-go's planner chose for call: its
// overload, or the function's dynamic dispatch.
func binding(bindings func() ([]*functions.Overload, error), call interpreter.InterpretableCall) (*functions.Overload, error) {
	all, err := bindings()
	if err != nil {
		return nil, fmt.Errorf("binding %s: %w", call.Function(), err)
	}
	var byName *functions.Overload
	for _, o := range all {
		switch o.Operator {
		case call.OverloadID():
			return o, nil
		case call.Function():
			byName = o
		}
	}
	return byName, nil
}

// callKind is how cel-go's planner calls an implementation.
type callKind uint8

const (
	unaryCall callKind = iota
	binaryCall
	varArgsCall
)

// guardedCall evaluates a call as cel-go's unary, binary or variadic call
// does, with the cost of its result taken before the implementation runs.
// It keeps the planned call's id, function, overload and arguments, so
// the cost tracker observes and charges it as the call it replaces.
type guardedCall struct {
	interpreter.InterpretableCall
	args    []interpreter.InterpretableV2 // Args() allocates on each call
	def     *functions.Overload
	kind    callKind
	builder builder
}

func newGuardedCall(call interpreter.InterpretableCall, def *functions.Overload, b builder) *guardedCall {
	args := call.Args()
	kind := varArgsCall
	switch n := len(args); {
	case n == 1 && (def.Unary != nil || def.Function == nil):
		kind = unaryCall
	case n == 2 && (def.Binary != nil || def.Function == nil):
		kind = binaryCall
	}
	return &guardedCall{InterpretableCall: call, args: args, def: def, kind: kind, builder: b}
}

func (g *guardedCall) Eval(vars interpreter.Activation) ref.Val {
	return g.Exec(interpreter.AsFrame(vars))
}

func (g *guardedCall) Exec(frame *interpreter.ExecutionFrame) ref.Val {
	if g.kind == binaryCall {
		return g.execBinary(frame)
	}
	args, stop := g.evalArgs(frame)
	if stop != nil {
		return stop
	}
	chargeResult(frame, g.builder, args)
	return g.invoke(args)
}

// execBinary is Exec for the most frequent call, s + t, without
// allocating: both operands are evaluated, then checked.
func (g *guardedCall) execBinary(frame *interpreter.ExecutionFrame) ref.Val {
	pair := [2]ref.Val{g.args[0].Exec(frame), g.args[1].Exec(frame)}
	if !g.def.NonStrict {
		for _, v := range pair {
			if types.IsUnknownOrError(v) {
				return v
			}
		}
	}
	chargeResult(frame, g.builder, pair[:])
	if g.implApplies(pair[0]) {
		return types.LabelErrNode(g.ID(), g.def.Binary(pair[0], pair[1]))
	}
	return g.fallback([]ref.Val{pair[0], pair[1]})
}

// evalArgs evaluates the arguments; stop is the unknown or error a strict
// call returns instead. A variadic call stops at the first one, a unary
// call evaluates its argument first, as cel-go's do.
func (g *guardedCall) evalArgs(frame *interpreter.ExecutionFrame) (args []ref.Val, stop ref.Val) {
	strict := !g.def.NonStrict
	args = make([]ref.Val, len(g.args))
	for i, e := range g.args {
		args[i] = e.Exec(frame)
		if strict && g.kind == varArgsCall && types.IsUnknownOrError(args[i]) {
			return nil, args[i]
		}
	}
	if strict {
		for _, a := range args {
			if types.IsUnknownOrError(a) {
				return nil, a
			}
		}
	}
	return args, nil
}

// invoke calls the implementation of a unary or variadic call.
func (g *guardedCall) invoke(args []ref.Val) ref.Val {
	if !g.implApplies(args[0]) {
		return g.fallback(args)
	}
	if g.kind == unaryCall {
		return types.LabelErrNode(g.ID(), g.def.Unary(args[0]))
	}
	return types.LabelErrNode(g.ID(), g.def.Function(args...))
}

// implApplies: the first argument has the trait the implementation needs.
func (g *guardedCall) implApplies(arg0 ref.Val) bool {
	d := g.def
	return d.OperandTrait == 0 || (d.NonStrict && types.IsUnknownOrError(arg0)) || arg0.Type().HasTrait(d.OperandTrait)
}

// fallback calls the receiver's method, else fails, as cel-go's calls do.
func (g *guardedCall) fallback(args []ref.Val) ref.Val {
	arg0 := args[0]
	if arg0.Type().HasTrait(traits.ReceiverType) {
		return types.LabelErrNode(g.ID(), arg0.(traits.Receiver).Receive(g.Function(), g.OverloadID(), args[1:]))
	}
	if g.kind == varArgsCall {
		return types.NewErrWithNodeID(g.ID(), "no such overload: %s %d", g.Function(), g.ID())
	}
	return types.NewErrWithNodeID(g.ID(), "no such overload: %s", g.Function())
}

// buildsVar names the builds of an evaluation in its activation; it is no
// CEL identifier, so no rule can read it.
const buildsVar = "#builds"

// Cancellations of an evaluation whose results cost too much: the first is
// the cost tracker's own, so that the rule is reported as upstream reports
// a call over its limit; the second is reported as out of budget. Boxed
// once as errors, so that comparing with them allocates nothing.
var (
	errCallLimit   error = interpreter.EvalCancelledError{Cause: interpreter.CostLimitExceeded, Message: "operation cancelled: actual cost limit exceeded"}
	errBuildBudget error = interpreter.EvalCancelledError{Cause: interpreter.CostLimitExceeded, Message: "operation cancelled: results exceed the remaining cost budget"}
)

// builds is what the results built by one evaluation cost together, and
// what was left of the budget when it started.
type builds struct {
	used, budget uint64
}

func (b *builds) reset(budget int64) {
	*b = builds{budget: uint64(max(budget, 0))}
}

// left is what the next result may cost.
func (b *builds) left() uint64 {
	limit := min(b.budget, PerCallLimit)
	if b.used >= limit {
		return 0
	}
	return limit - b.used
}

// take charges a result, cancelling the evaluation when it is too much:
// out of budget first, as kube-apiserver looks at the budget first.
func (b *builds) take(cost uint64) {
	b.used = addCapped(b.used, cost)
	switch {
	case b.used > b.budget:
		panic(errBuildBudget)
	case b.used > PerCallLimit:
		panic(errCallLimit)
	}
}

// chargeResult charges the result of a call with args to the evaluation's
// builds; a program evaluated without them has its per-call limit only.
func chargeResult(frame *interpreter.ExecutionFrame, b builder, args []ref.Val) {
	v, _ := frame.ResolveName(buildsVar)
	acc, ok := v.(*builds)
	if !ok {
		acc = &builds{budget: PerCallLimit}
	}
	acc.take(b.cost(args, acc.left()))
}
