package lint

import (
	"context"
	"maps"
	"reflect"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/objectmeta"
	"github.com/kval-dev/kval/prune"
	"github.com/kval-dev/kval/schema"
)

// resourceMetaFields are the fields of a resource the apiserver owns.
var resourceMetaFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// defaultsWalk checks the defaults of one schema (kube-apiserver's
// structuraldefaulting.ValidateDefaults with pruned defaults required).
type defaultsWalk struct {
	ctx  context.Context
	opts Options
	// requirePruned: a default with unknown fields is an error (always on
	// create; on update unless the old CRD had such a default).
	requirePruned bool
	budget        int64 // what is left of celrules.RuntimeCELCostBudget
	errs          field.ErrorList
}

// resource is the innermost resource around a node: the schema root or an
// embedded resource, and the way from it to the node.
type resource struct {
	schema *schema.Schema
	steps  []step
}

func checkDefaults(ctx context.Context, path *field.Path, root *schema.Schema, opts Options) field.ErrorList {
	return checkDefaultsWith(ctx, path, root, opts, true)
}

func checkDefaultsWith(ctx context.Context, path *field.Path, root *schema.Schema, opts Options, requirePruned bool) field.ErrorList {
	w := &defaultsWalk{ctx: ctx, opts: opts, requirePruned: requirePruned, budget: celrules.RuntimeCELCostBudget}
	w.node(path, root, resource{schema: root}, false, true)
	return w.errs
}

// node checks the default of s and of its items and properties (defaults
// are forbidden under additionalProperties, so those are not followed). It
// returns false when the rule budget is exhausted and the walk must stop.
func (w *defaultsWalk) node(path *field.Path, s *schema.Schema, res resource, insideMeta, isRoot bool) bool {
	if s == nil {
		return true
	}
	// The schema root counts as a resource, like an embedded one.
	isResource := isRoot || s.EmbeddedResource
	if isResource {
		insideMeta = false
		res = resource{schema: s}
	}
	if s.Default != nil && !w.checkDefault(path, s, res, insideMeta, isResource) {
		return false
	}
	if !w.node(path.Child("items"), s.Items, res.then(indexStep()), insideMeta, false) {
		return false
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		childInsideMeta := insideMeta || (isResource && resourceMetaFields[name])
		if !w.node(path.Child("properties").Key(name), s.Properties[name], res.then(childStep(name)), childInsideMeta, false) {
			return false
		}
	}
	return true
}

// checkDefault checks the default of s; false when the rule budget is exhausted.
func (w *defaultsWalk) checkDefault(path *field.Path, s *schema.Schema, res resource, insideMeta, isResource bool) bool {
	defaultPath := path.Child("default")
	if insideMeta {
		if errs := checkMetaDefault(w.ctx, defaultPath, s.Default, res); len(errs) > 0 {
			w.errs = append(w.errs, errs...)
			return true
		}
		return w.checkValue(defaultPath, s, s.Default, res.schema == s)
	}
	// Coercion below normalizes the metadata of resources in the value, in
	// place. Upstream coerces the default itself, so the value it then
	// validates, and the bad value of the unknown-fields error reported
	// before (the same map), are the coerced ones: kval's error shares value.
	value := jsonvalue.DeepCopy(s.Default)
	if w.requirePruned && !isPruned(s.Default, s, isResource) {
		w.errs = append(w.errs, field.Invalid(defaultPath, value, "must not have unknown fields"))
	}
	if err, _ := objectmeta.Coerce(defaultPath, value, s, objectmeta.CoerceOptions{ResourceRoot: isResource}); err != nil {
		w.errs = append(w.errs, err)
		return true
	}
	if errs := objectmeta.Validate(w.ctx, defaultPath, value, s, isResource); len(errs) > 0 {
		w.errs = append(w.errs, errs...)
		return true
	}
	return w.checkValue(defaultPath, s, value, res.schema == s)
}

// checkValue runs the plugged-in value validation and, if it passes, the
// rules; false when the rule budget is exhausted.
func (w *defaultsWalk) checkValue(path *field.Path, s *schema.Schema, value any, resourceRoot bool) bool {
	if errs := w.opts.Values.ValidateDefault(path, s, value); len(errs) > 0 {
		w.errs = append(w.errs, errs...)
		return true
	}
	errs, left := w.opts.DefaultRules.EvaluateDefault(w.ctx, path, s, resourceRoot, value, w.budget)
	w.errs = append(w.errs, errs...)
	w.budget = left
	return w.budget >= 0
}

// isPruned reports whether pruning with s leaves the default unchanged.
func isPruned(value any, s *schema.Schema, resourceRoot bool) bool {
	pruned := jsonvalue.DeepCopy(value)
	prune.Prune(pruned, s, prune.Options{ResourceRoot: resourceRoot})
	return reflect.DeepEqual(pruned, value)
}
