package celrules

import "github.com/google/cel-go/cel"

// Why rules may run without counting their cost: counting it decorates
// every step of an evaluation and is a quarter of its time, yet it changes
// the outcome only when a call exceeds its limit or the evaluations of one
// object exhaust their budget. A rule whose estimated cost (the same
// estimate kube-apiserver checks when the CRD is created: an upper bound of
// the actual cost) is within the per-call limit cannot exceed it, so with
// EvalOptions.EstimatedCosts it runs untracked and is charged its estimate.
// The budget left is then at most what an exact evaluation would have left;
// as long as it does not run out, every rule sees what it would have seen
// and the outcome is exact. When it would run out, or any limit is reached,
// the walk is abandoned and run again counting every cost, so that limits
// are reported exactly as kube-apiserver reports them.

// charge says what one evaluation costs the budget.
type charge struct {
	untracked bool
	maxCost   uint64
}

// of is the cost of an evaluation with details: its estimated maximum when
// it ran untracked, else its actual cost; nil when that is unknown.
func (c charge) of(details *cel.EvalDetails) *uint64 {
	if c.untracked {
		return &c.maxCost
	}
	if details == nil {
		return nil
	}
	return details.ActualCost()
}

// program is the program the walk runs for an expression: the untracked
// one when costs are estimated and the expression has one.
func (w *walker) program(tracked, untracked cel.Program) (cel.Program, bool) {
	if w.estimated && untracked != nil {
		return untracked, true
	}
	return tracked, false
}

// abandon stops a walk with estimated costs that reached a limit: it is run
// again with every cost counted.
func (w *walker) abandon() {
	w.abandoned = true
	w.budget = -1
}
