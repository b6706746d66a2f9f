package kvaltest

import (
	"context"
	"errors"
	"fmt"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/strategy"
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
	uid    string // the uid a create stores the object with
	// nameGenerated: the create's name was drawn from its generateName.
	nameGenerated bool
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
		KeepStored: w.stored != nil, UID: w.uid, NameGenerated: w.nameGenerated,
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
// built-in kind the catalog of built-in kinds.
func (c *Client) catalogOf(t *target) *catalog.Catalog {
	if t.kind.custom() {
		return c.catalog
	}
	return c.builtins
}

// admitBuiltin runs a write of a built-in kind through kube-apiserver's
// own code, as its registry does (package strategy, through the engine):
// decoded and defaulted, prepared by the kind's strategy, validated, and
// returned as kube-apiserver stores it; native says so. The object is
// returned as written (validated against its published schema where the
// engine validates it: status writes, kinds with no strategy) when no
// strategy runs: for a status write of a kind without a status strategy
// (the engine's schema pipeline), a subresource the engine does not
// validate, a kind of a group Kubernetes does not build in (a type the
// test put in its scheme), and with option SkipBuiltinValidation.
func (c *Client) admitBuiltin(ctx context.Context, t *target, w write) (out map[string]any, native bool, err error) {
	if c.builtins == nil {
		return w.object, false, nil
	}
	v, err := c.builtins.ForObject(ctx, t.gvk.GroupVersion().String(), t.gvk.Kind)
	switch {
	case errors.As(err, new(*catalog.NotCoveredError)):
		return w.object, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("kvaltest: %s: %w", gvkString(t.gvk), err)
	case !engineValidates(v.Native(), w.subresource):
		return w.object, false, nil
	}
	written := w.object
	native = nativeFor(v.Native(), w.subresource)
	if !native {
		w.object = jsonvalue.DeepCopyObject(w.object) // the engine prunes and defaults it in place
	}
	w.stored = nil // etcd holds a built-in object as it is read back
	answer, err := c.validate(strategy.WithNamespaces(ctx, c.storedNamespace), t, w)
	switch {
	case err != nil:
		return nil, false, err
	case !native:
		return written, false, nil
	}
	return answer, true, nil
}

// nativeFor reports whether kube-apiserver's code answers a write of a
// subresource ("" for the object): the kind's strategy, or the
// subresource's (its status strategy, a Namespace's finalize strategy).
func nativeFor(n engine.Native, subresource string) bool {
	return n != nil && (subresource == "" || engine.AdmitsSubresource(n, subresource))
}

// engineValidates says whether the engine validates writes of a
// subresource of a built-in kind: the object and its status always (the
// status with the schema where no status strategy answers), another
// subresource where the kind's strategies admit it (a Namespace's
// finalize).
func engineValidates(n engine.Native, subresource string) bool {
	return subresource == "" || subresource == engine.StatusSubresource || engine.AdmitsSubresource(n, subresource)
}
