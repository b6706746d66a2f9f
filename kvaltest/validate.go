package kvaltest

import (
	"context"
	"errors"
	"fmt"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// write is one create or update as the engine sees it.
type write struct {
	op          engine.Operation
	subresource string
	object      map[string]any // the new object, changed in place
	old         map[string]any // the stored object, in the request's version
	validation  engine.FieldValidation
	name        string // for errors: the name the request gave
	patched     []byte // a patch's result, for its strict decoding error
	applied     bool   // object is server-side apply's merge result
	// stored, when set, receives the object as storage keeps it
	// (engine.Result.Stored).
	stored *map[string]any
}

// validate runs a write of a custom resource through kval's engine (a
// KUDO Instance mutated first, as the webhook's mutation comes before
// validation) and returns the object to store, or kube-apiserver's error
// (engine.Result.Err). Warnings go to the client's handler either way, as
// a response carries them.
func (c *Client) validate(ctx context.Context, t *target, w write) (map[string]any, error) {
	c.defaultInstance(ctx, w)
	v, err := c.catalogOf(t).ForObject(ctx, t.gvk.GroupVersion().String(), t.gvk.Kind)
	if err != nil {
		return nil, fmt.Errorf("kvaltest: %s: %w", gvkString(t.gvk), err)
	}
	res, err := v.Validate(ctx, engine.Request{
		Operation: w.op, Subresource: w.subresource,
		Object: w.object, OldObject: w.old, FieldValidation: w.validation, Applied: w.applied,
		KeepStored: w.stored != nil,
	})
	if err != nil {
		return nil, fmt.Errorf("kvaltest: validating %s %q: %w", gvkString(t.gvk), w.name, err)
	}
	c.warn(ctx, warningsOf(res, w.validation))
	if err := t.refused(res, w); err != nil {
		return nil, err
	}
	if w.stored != nil {
		*w.stored = res.Stored
	}
	return stored(res), nil
}

// stored is the object kept after a valid write: the engine's Result.Object,
// which is already what kube-apiserver gives back when it reads the object
// from storage (defaults applied again), so reads need no further step.
func stored(res *engine.Result) map[string]any { return res.Object }

// warningsOf are the warnings of a response, in kube-apiserver's order:
// the decoder's unknown fields (unless ignored), then validation's
// (engine.Result.ResponseWarnings: kval's own Notes are not sent).
func warningsOf(res *engine.Result, validation engine.FieldValidation) []string {
	var out []string
	if validation != engine.FieldValidationIgnore && validation != engine.FieldValidationStrict {
		for _, path := range res.Pruned {
			out = append(out, fmt.Sprintf("unknown field %q", path))
		}
	}
	return append(out, res.ResponseWarnings()...)
}

// catalogOf is the catalog that validates t's kind: the CRDs', or for a
// built-in kind the published schemas of option ValidateBuiltins.
func (c *Client) catalogOf(t *target) *catalog.Catalog {
	if t.kind.custom() {
		return c.catalog
	}
	return c.builtins
}

// validateBuiltin refuses a write of a built-in kind that its published
// schema rejects, with option ValidateBuiltins. The object stored stays
// the one written: kube-apiserver shapes built-in kinds with its own Go
// defaulting and strategies, not with the schema's defaults and pruning.
// A kind of a group Kubernetes does not build in (a type the test put in
// its scheme) stays unvalidated.
func (c *Client) validateBuiltin(ctx context.Context, t *target, w write) error {
	if c.builtins == nil {
		return nil
	}
	w.object = jsonvalue.DeepCopyObject(w.object) // the engine changes it in place
	_, err := c.validate(ctx, t, w)
	if errors.As(err, new(*catalog.NotCoveredError)) {
		return nil
	}
	return err
}
