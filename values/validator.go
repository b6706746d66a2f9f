package values

import (
	"context"
	"sync"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/walkstop"
	"github.com/kval-dev/kval/schema"
)

// Validator validates values against one compiled schema. It is immutable
// and safe for concurrent use.
type Validator struct {
	root *node
}

// Compile prepares the value validation of a schema: for a custom resource,
// the version's openAPIV3Schema; for its status subresource, that schema's
// status property. A nil schema accepts everything, as kube-apiserver does
// for a version without schema. Compile fails only on keywords CRD schemas
// forbid (id, $schema, $ref, patternProperties, dependencies,
// additionalItems, definitions, items as an array).
func Compile(s *schema.Schema) (*Validator, error) {
	root, err := newCompiler(fromSchemaProps).compile(s, rootPath("openAPIV3Schema"), false)
	if err != nil {
		return nil, err
	}
	return &Validator{root: root}, nil
}

// Result is the outcome of an update.
type Result struct {
	// Errors reject the update.
	Errors field.ErrorList
	// Ratcheted are errors on values the update leaves unchanged:
	// kube-apiserver lets them pass, kval reports them as warnings.
	Ratcheted field.ErrorList
}

// Validate validates a value on create, as kube-apiserver's
// ValidateCustomResource(fldPath, value, validator). fldPath is nil for a
// custom resource, whose errors kube-openapi cannot name then carry the
// field "<nil>", and field.NewPath("status") for a status update.
//
// On update without ratcheting, validate the new value with Validate:
// kube-apiserver does the same when ratcheting is off.
func (v *Validator) Validate(fldPath *field.Path, value any) field.ErrorList {
	return v.ValidateContext(context.Background(), fldPath, value)
}

// ValidateContext is Validate that stops early once ctx ends, with the
// errors found so far: an incomplete answer the caller must not trust.
func (v *Validator) ValidateContext(ctx context.Context, fldPath *field.Path, value any) field.ErrorList {
	if v.root == nil {
		return nil
	}
	w := getWalker(ctx)
	defer putWalker(w)
	w.validate(v.root, value, nil, false)
	return toErrorList(w.errs, newFieldRoot(fldPath))
}

// ValidateUpdate validates the new value of an update with ratcheting, as
// kube-apiserver's ValidateCustomResourceUpdate with WithRatcheting: errors
// on correlated values equal to their old value are returned as Ratcheted.
// old is the old value at the same place (for a status update, the old
// object's status, nil when it has none).
func (v *Validator) ValidateUpdate(fldPath *field.Path, value, old any) Result {
	return v.ValidateUpdateContext(context.Background(), fldPath, value, old)
}

// ValidateUpdateContext is ValidateUpdate that stops early once ctx ends,
// as ValidateContext does.
func (v *Validator) ValidateUpdateContext(ctx context.Context, fldPath *field.Path, value, old any) Result {
	if v.root == nil {
		return Result{}
	}
	w := getWalker(ctx)
	defer putWalker(w)
	w.validate(v.root, value, old, true)
	root := newFieldRoot(fldPath)
	return Result{Errors: toErrorList(w.errs, root), Ratcheted: toErrorList(w.ratcheted, root)}
}

var walkers = sync.Pool{New: func() any { return &walker{} }}

func getWalker(ctx context.Context) *walker {
	w := walkers.Get().(*walker)
	w.stop = walkstop.New(ctx)
	return w
}

// putWalker returns a walker to the pool, dropping references to values.
func putWalker(w *walker) {
	clear(w.errs)
	clear(w.ratcheted)
	w.segs, w.errs, w.ratcheted = w.segs[:0], w.errs[:0], w.ratcheted[:0]
	w.failures, w.probing, w.stop = 0, 0, walkstop.Stopper{}
	walkers.Put(w)
}
