package celrules

import (
	"context"
	"errors"
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/schema"
)

// Validator evaluates the x-kubernetes-validations rules of one schema and
// its subtree. It is immutable and safe for concurrent use.
type Validator struct {
	root     *node
	failures field.ErrorList
	// sizes are the size bounds of the values' types, when some rule can
	// be charged its estimate (sizes.go); nil otherwise.
	sizes *sizeNode
}

// Options configure NewValidator.
type Options struct {
	// ResourceRoot says the schema is the root of a resource (a CRD's
	// openAPIV3Schema, or an embedded resource): its rules may use
	// apiVersion, kind, metadata.name and metadata.generateName.
	ResourceRoot bool
	// Environment is the CEL environment rules are compiled in;
	// StoredExpressions, as for custom resources, by default.
	Environment Environment
	// Path is the schema's path in compile errors; "openAPIV3Schema" when nil.
	Path *field.Path
}

// NewValidator compiles every rule of s and of its subtree (properties,
// items, additionalProperties), as kube-apiserver's CEL validator does. It
// returns nil when there are no rules. Rules that do not compile are listed
// by CompileErrors and, as in kube-apiserver, reported as errors each time
// they would be evaluated.
func NewValidator(s *schema.Schema, opts Options) *Validator {
	return newValidator(s, opts, false)
}

// newValidator is NewValidator, with the rules of each node compiled on
// its first visit when lazy (lazy.go).
func newValidator(s *schema.Schema, opts Options, lazy bool) (v *Validator) {
	if !hasRules(s) {
		return nil
	}
	path := opts.Path
	if path == nil {
		path = field.NewPath("openAPIV3Schema")
	}
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("compiling x-kubernetes-validations panicked: %v", p)
			v = &Validator{root: &node{schema: s, initErr: err}, failures: field.ErrorList{field.InternalError(path, err)}}
		}
	}()
	b := &treeBuilder{adapter: newAdapter(), which: opts.Environment, lazy: lazy}
	adapted := b.adapter.adapt(s)
	if opts.ResourceRoot {
		b.adapter.resourceView(adapted)
	}
	decl := common.SchemaDeclType(adapted, opts.ResourceRoot)
	root := b.build(s, decl, opts.ResourceRoot, path)
	v = &Validator{root: root, failures: b.failures}
	if b.bounded && !b.ownTypes {
		v.sizes = newSizeNode(decl)
	}
	return v
}

// Compile compiles the rules of a custom resource's schema for validating
// objects; nil when there are none. It fails when a rule does not compile:
// kube-apiserver would not have accepted the CRD.
func Compile(s *schema.Schema, path *field.Path) (*Validator, error) {
	v := NewValidator(s, Options{ResourceRoot: true, Path: path})
	if errs := v.CompileErrors(); len(errs) > 0 {
		return nil, fmt.Errorf("x-kubernetes-validations do not compile: %w", errs.ToAggregate())
	}
	return v, nil
}

// CompileErrors lists the rules and messageExpressions that did not compile.
func (v *Validator) CompileErrors() field.ErrorList {
	if v == nil {
		return nil
	}
	return v.failures
}

// EvalOptions configure one evaluation.
type EvalOptions struct {
	// Budget is the cost all evaluations on the value may take together;
	// RuntimeCELCostBudget for a custom resource.
	Budget int64
	// Ratcheting relaxes, on update, the errors of rules that do not use
	// oldSelf on values the update left unchanged: they are returned as
	// Result.Ratcheted instead of Result.Errors (KEP-4008).
	Ratcheting bool
	// SkipCostTracking evaluates rules whose cost is bounded whatever the
	// sizes of the values they read without cel-go's cost tracking, where
	// that cannot change their outcome (unmetered.go). Errors and ratcheted
	// errors are the same; Result.Budget is then only a lower bound of what
	// is left, so a caller that goes on spending it must leave this off.
	SkipCostTracking bool
}

// Result is the outcome of an evaluation.
type Result struct {
	Errors field.ErrorList
	// Ratcheted are the errors ratcheting relaxed; kube-apiserver returns
	// them as warnings.
	Ratcheted field.ErrorList
	// Budget is what is left of the budget, negative when it ran out or a
	// call exceeded its limit (then not every rule was evaluated).
	Budget int64
}

// Validate evaluates the rules on obj, at fldPath (nil for a custom
// resource, whose root errors then read "<nil>"). old is the value obj
// replaces on update, nil on create: transition rules (those using oldSelf)
// only run where an old value correlates with the new one, unless they set
// optionalOldSelf.
func (v *Validator) Validate(ctx context.Context, fldPath *field.Path, obj, old any, opts EvalOptions) (res Result) {
	if v == nil || v.root == nil {
		return Result{Budget: opts.Budget}
	}
	if ctx == nil {
		ctx = context.Background()
	}
	old = nilIfEmpty(old)
	w := getWalker(ctx, fldPath, opts)
	defer func() {
		if p := recover(); p != nil {
			res = Result{Errors: append(w.errs, field.InternalError(fldPath, panicError(p))), Budget: -1}
		}
		w.release()
	}()
	w.sizesChecked = opts.SkipCostTracking && v.sizes != nil && v.sizes.holds(obj) && v.sizes.holds(old)
	v.walk(w, obj, old, opts.Ratcheting)
	if w.lowerBound && w.budget < 0 {
		// the walk stopped, maybe only because the budget was a lower bound
		w.restartMetered(opts.Budget)
		v.walk(w, obj, old, opts.Ratcheting)
	}
	return Result{Errors: w.errs, Ratcheted: w.ratcheted, Budget: w.budget}
}

func (v *Validator) walk(w *walker, obj, old any, ratcheting bool) {
	var r ratchet
	if ratcheting && old != nil {
		r.current = newCorrelated(obj, old, v.root.plain)
	}
	w.visit(v.root, obj, old, r)
}

func panicError(p any) error {
	if err, ok := p.(error); ok {
		return fmt.Errorf("evaluating x-kubernetes-validations: %w", err)
	}
	return errors.New(fmt.Sprint("evaluating x-kubernetes-validations: ", p))
}
