package engine

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/listtypes"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// valueStage is the OpenAPI value validation and the list-type invariants of
// a schema, compiled once.
type valueStage struct {
	object *values.Validator
	// status validates the status of a status update: the schema's status
	// property, as kube-apiserver's status validator.
	status    *values.Validator
	listTypes *listtypes.Validator
}

func compileValues(s *schema.Schema) (*valueStage, error) {
	object, err := values.Compile(s)
	if err != nil {
		return nil, err
	}
	var statusSchema *schema.Schema
	if s != nil {
		statusSchema = s.Properties["status"]
	}
	status, err := values.Compile(statusSchema)
	if err != nil {
		return nil, fmt.Errorf("status: %w", err)
	}
	return &valueStage{object: object, status: status, listTypes: listtypes.Compile(s)}, nil
}

// validateValues is the value validation of a create (old is nil) or of an
// update, with ratcheting unless it is disabled.
func (v *Validator) validateValues(obj, old map[string]any, res *Result) field.ErrorList {
	if old == nil || v.opts.DisableRatcheting {
		return v.values.object.Validate(nil, obj)
	}
	out := v.values.object.ValidateUpdate(nil, obj, old)
	res.addRatcheted(out.Ratcheted)
	return out.Errors
}

// validateStatusValues is the value validation of a status update: the new
// status against the status schema, the old status for ratcheting.
func (v *Validator) validateStatusValues(obj, old map[string]any, res *Result) field.ErrorList {
	status := field.NewPath("status")
	if v.opts.DisableRatcheting {
		return v.values.status.Validate(status, obj["status"])
	}
	out := v.values.status.ValidateUpdate(status, obj["status"], old["status"])
	res.addRatcheted(out.Ratcheted)
	return out.Errors
}

// validateListTypes checks set and map lists; on update, kube-apiserver
// reports the new object's errors only when the old object had none.
func (v *Validator) validateListTypes(obj, old map[string]any, res *Result) field.ErrorList {
	if old == nil || v.opts.DisableRatcheting {
		return v.values.listTypes.Validate(nil, obj)
	}
	out := v.values.listTypes.ValidateUpdate(nil, obj, old)
	res.addRatcheted(out.Ratcheted)
	return out.Errors
}

// addRatcheted reports errors that ratcheting relaxed as warnings.
func (r *Result) addRatcheted(errs field.ErrorList) {
	for _, e := range errs {
		r.Warnings = append(r.Warnings, ratchetedWarning(e))
	}
}

// ratchetedWarning is the warning for an error ratcheting relaxed.
func ratchetedWarning(e *field.Error) string {
	return e.Error() + " (ratcheted: unchanged from the old object)"
}
