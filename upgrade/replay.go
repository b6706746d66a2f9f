package upgrade

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// Verdict is what the new CRD does with one stored object.
type Verdict struct {
	// Unreadable says why the object cannot be checked under the new CRD
	// (its version was removed, or it is not an object of the CRD).
	Unreadable string
	// UpdateErrors reject a no-op update of the object under the new CRD,
	// with ratcheting; Ratcheted are the errors ratcheting let through.
	UpdateErrors field.ErrorList
	Ratcheted    field.ErrorList
	// CreateErrors reject the same object as a create under the new CRD.
	CreateErrors field.ErrorList
}

// RejectedOnUpdate reports whether the object's next update fails, even
// when it changes nothing.
func (v Verdict) RejectedOnUpdate() bool { return v.Unreadable != "" || len(v.UpdateErrors) > 0 }

// Replayer checks stored objects of one CRD against its new version.
type Replayer struct {
	old, crd   *schema.CRD
	validators map[string]*engine.Validator // by "old/"+version or "new/"+version; nil when missing
	errs       map[string]error
}

// NewReplayer prepares the checks of objects stored under old against crd.
// Both CRDs should be valid (see lint.CheckCRD and lint.CheckCRDUpdate).
func NewReplayer(old, crd *schema.CRD) *Replayer {
	return &Replayer{old: old, crd: crd, validators: map[string]*engine.Validator{}, errs: map[string]error{}}
}

// Replay checks one stored object: read with the old CRD, then written back
// unchanged under the new CRD, as an update and as a create. An error means
// the object could not be run at all (a bug or a cancelled context).
func (r *Replayer) Replay(ctx context.Context, stored map[string]any) (Verdict, error) {
	version, reason := r.versionOf(stored)
	if reason != "" {
		return Verdict{Unreadable: reason}, nil
	}
	oldV, err := r.validator("old", r.old, version)
	if err != nil {
		return Verdict{Unreadable: fmt.Sprintf("the old CRD cannot read it: %v", err)}, nil
	}
	newV, err := r.validator("new", r.crd, version)
	if err != nil {
		return Verdict{Unreadable: fmt.Sprintf("version %s cannot be read with the new CRD: %v", version, err)}, nil
	}
	read := jsonvalue.DeepCopyObject(stored)
	if res := oldV.Decode(read); len(res.Errors) > 0 {
		return Verdict{Unreadable: fmt.Sprintf("the old CRD cannot read it: %v", res.Errors.ToAggregate())}, nil
	}
	return r.writeBack(ctx, newV, read)
}

// writeBack sends the object read under the new CRD as an unchanged update
// and as a create.
func (r *Replayer) writeBack(ctx context.Context, v *engine.Validator, read map[string]any) (Verdict, error) {
	update, err := v.Validate(ctx, engine.Request{Operation: engine.Update,
		Object: jsonvalue.DeepCopyObject(read), OldObject: jsonvalue.DeepCopyObject(read)})
	if err != nil {
		return Verdict{}, fmt.Errorf("replaying the update: %w", err)
	}
	create, err := v.Validate(ctx, engine.Request{Operation: engine.Create, Object: withoutSystemFields(read)})
	if err != nil {
		return Verdict{}, fmt.Errorf("replaying the create: %w", err)
	}
	return Verdict{UpdateErrors: update.Errors, Ratcheted: update.Ratcheted, CreateErrors: create.Errors}, nil
}

// versionOf is the CRD version of a stored object; reason says why there
// is none in the new CRD.
func (r *Replayer) versionOf(obj map[string]any) (version, reason string) {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	group, version, found := strings.Cut(apiVersion, "/")
	if !found || group != r.old.Spec.Group || kind != r.old.Spec.Names.Kind {
		return "", fmt.Sprintf("%s %s is not an object of %s", apiVersion, kind, r.old.Name())
	}
	if findVersion(r.crd, version) == nil {
		return "", fmt.Sprintf("version %s is removed by the new CRD: the object can no longer be read in it", version)
	}
	return version, ""
}

// validator compiles one version of a CRD once.
func (r *Replayer) validator(which string, crd *schema.CRD, version string) (*engine.Validator, error) {
	key := which + "/" + version
	if v, ok := r.validators[key]; ok {
		return v, r.errs[key]
	}
	v, err := engine.Compile(crd, version, engine.Options{})
	r.validators[key], r.errs[key] = v, err
	return v, err
}

// withoutSystemFields is a copy of obj as a client would create it again:
// without the metadata the apiserver sets.
func withoutSystemFields(obj map[string]any) map[string]any {
	out := jsonvalue.DeepCopyObject(obj)
	if meta, ok := out["metadata"].(map[string]any); ok {
		for _, k := range []string{"resourceVersion", "uid", "creationTimestamp", "generation", "managedFields", "selfLink"} {
			delete(meta, k)
		}
	}
	return out
}
