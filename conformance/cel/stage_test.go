package cel

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	upstreamcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/warning"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/conformance/compare"
	"github.com/kval-dev/kval/schema"
)

// stagePair is one schema's CEL validator, compiled by kval and by upstream.
type stagePair struct {
	kval       *celrules.Validator
	upstream   *upstreamcel.Validator
	structural *structuralschema.Structural
	budget     int64
}

func newStagePair(t testing.TB, kvalSchema *schema.Schema, ss *structuralschema.Structural) *stagePair {
	t.Helper()
	k := celrules.NewValidator(kvalSchema, celrules.Options{ResourceRoot: true})
	if errs := k.CompileErrors(); len(errs) > 0 {
		t.Fatalf("kval does not compile the rules: %v", errs)
	}
	return &stagePair{
		kval: k, upstream: upstreamcel.NewValidator(ss, true, celconfig.PerCallLimit),
		structural: ss, budget: celconfig.RuntimeCELCostBudget,
	}
}

// stageTally counts comparisons, differences and what they exercised.
type stageTally struct {
	compared, differences int
	failing, ratcheted    int // comparisons where upstream reported errors; ratcheted errors
	transition            int // updates where a transition rule failed
}

func (c *stageTally) String() string {
	return fmt.Sprintf("%d comparisons (%d with errors, %d with ratcheted errors, %d with failed transition rules), %d differences",
		c.compared, c.failing, c.ratcheted, c.transition, c.differences)
}

// create compares the validation of obj on create; also the budget left,
// which tells that both sides charged the same costs.
func (p *stagePair) create(t testing.TB, c *stageTally, what string, obj any) {
	t.Helper()
	c.compared++
	ours := p.kval.Validate(context.Background(), nil, runtime.DeepCopyJSONValue(obj), nil, celrules.EvalOptions{Budget: p.budget})
	theirs, left := p.upstream.Validate(context.Background(), nil, p.structural, runtime.DeepCopyJSONValue(obj), nil, p.budget)
	if len(theirs) > 0 {
		c.failing++
	}
	if d := compare.Ordered(ours.Errors, theirs); d != "" || !p.sameCreateBudget(obj, ours.Budget, left) {
		c.differences++
		t.Errorf("%s: create differs (budget left: kval %d, upstream %d)\nobject: %s\n%s", what, ours.Budget, left, show(obj), d)
	}
}

// sameBudget: upstream reports -1 whenever it stops early; otherwise what is left.
func sameBudget(kval, upstream int64) bool {
	return kval == upstream || (kval < 0 && upstream < 0)
}

// reruns is how often both sides are run again when their budgets differ:
// comprehensions over maps iterate in Go's random order on both sides (the
// values are the same library's), and stop at the first decisive element,
// so the cost of one evaluation is random too.
const reruns = 30

// sameCreateBudget accepts differing budgets when some run of kval and
// some run of upstream leave the same.
func (p *stagePair) sameCreateBudget(obj any, kval, upstream int64) bool {
	return p.someRunsAgree(kval, upstream, func() (int64, int64) {
		ours := p.kval.Validate(context.Background(), nil, runtime.DeepCopyJSONValue(obj), nil, celrules.EvalOptions{Budget: p.budget})
		_, left := p.upstream.Validate(context.Background(), nil, p.structural, runtime.DeepCopyJSONValue(obj), nil, p.budget)
		return ours.Budget, left
	})
}

func (p *stagePair) sameUpdateBudget(obj, old any, kval, upstream int64) bool {
	return p.someRunsAgree(kval, upstream, func() (int64, int64) {
		ours := p.kval.Validate(context.Background(), nil, runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old),
			celrules.EvalOptions{Budget: p.budget, Ratcheting: true})
		_, _, left := p.upstreamUpdate(obj, old, true)
		return ours.Budget, left
	})
}

func (p *stagePair) someRunsAgree(kval, upstream int64, run func() (int64, int64)) bool {
	ours, theirs := map[int64]bool{kval: true}, map[int64]bool{upstream: true}
	for i := 0; i <= reruns; i++ {
		for b := range ours {
			for u := range theirs {
				if sameBudget(b, u) {
					return true
				}
			}
		}
		k, u := run()
		ours[k], theirs[u] = true, true
	}
	return false
}

// update compares an update with ratcheting (errors and ratcheted errors,
// which upstream turns into warnings) and without.
func (p *stagePair) update(t testing.TB, c *stageTally, what string, obj, old any) {
	t.Helper()
	c.compared++
	ours := p.kval.Validate(context.Background(), nil, runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old),
		celrules.EvalOptions{Budget: p.budget, Ratcheting: true})
	theirs, warnings, left := p.upstreamUpdate(obj, old, true)
	if len(theirs) > 0 {
		c.failing++
	}
	if len(warnings) > 0 {
		c.ratcheted++
	}
	if p.transitionFailed(obj, old) {
		c.transition++
	}
	d := compare.Ordered(ours.Errors, theirs)
	if w := diffWarnings(ours.Ratcheted, warnings); w != "" {
		d += w
	}
	if d != "" || !p.sameUpdateBudget(obj, old, ours.Budget, left) {
		c.differences++
		t.Errorf("%s: update differs (budget left: kval %d, upstream %d)\nold: %s\nnew: %s\n%s", what, ours.Budget, left, show(old), show(obj), d)
	}
	c.compared++
	plain := p.kval.Validate(context.Background(), nil, runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old), celrules.EvalOptions{Budget: p.budget})
	theirs, _, _ = p.upstreamUpdate(obj, old, false)
	if d := compare.Ordered(plain.Errors, theirs); d != "" {
		c.differences++
		t.Errorf("%s: update without ratcheting differs\nold: %s\nnew: %s\n%s", what, show(old), show(obj), d)
	}
}

// upstreamUpdate runs upstream's validator as the custom resource strategy
// does on update, collecting the warnings of ratcheted errors.
func (p *stagePair) upstreamUpdate(obj, old any, ratcheting bool) (field.ErrorList, []string, int64) {
	obj, old = runtime.DeepCopyJSONValue(obj), runtime.DeepCopyJSONValue(old)
	rec := &recorder{}
	ctx := warning.WithWarningRecorder(context.Background(), rec)
	var opts []upstreamcel.Option
	if ratcheting {
		opts = append(opts, upstreamcel.WithRatcheting(common.NewCorrelatedObject(obj, old, &model.Structural{Structural: p.structural})))
	}
	errs, left := p.upstream.Validate(ctx, nil, p.structural, obj, old, p.budget, opts...)
	return errs, rec.warnings, left
}

type recorder struct {
	mu       sync.Mutex
	warnings []string
}

func (r *recorder) AddWarning(_, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, text)
}

// diffWarnings compares kval's ratcheted errors with upstream's warnings.
func diffWarnings(ratcheted field.ErrorList, warnings []string) string {
	var ours []string
	for _, e := range ratcheted {
		ours = append(ours, compare.Stable(e.Error()))
	}
	theirs := make([]string, len(warnings))
	for i, w := range warnings {
		theirs[i] = compare.Stable(w)
	}
	sort.Strings(ours)
	sort.Strings(theirs)
	if fmt.Sprint(ours) == fmt.Sprint(theirs) {
		return ""
	}
	return fmt.Sprintf("ratcheted: kval %q\nupstream warnings: %q\n", ours, theirs)
}

// transitionFailed: upstream rejects the update with an error it does not
// give the new object on create, so a transition rule failed.
func (p *stagePair) transitionFailed(obj, old any) bool {
	onUpdate, _, _ := p.upstreamUpdate(obj, old, false)
	onCreate, _ := p.upstream.Validate(context.Background(), nil, p.structural, runtime.DeepCopyJSONValue(obj), nil, p.budget)
	seen := map[string]bool{}
	for _, e := range onCreate {
		seen[compare.Key(e)] = true
	}
	for _, e := range onUpdate {
		if !seen[compare.Key(e)] {
			return true
		}
	}
	return false
}
