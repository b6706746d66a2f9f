package engine

import (
	"context"
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

// values is the value validation of a create or of an update, with
// ratcheting unless the request disables it.
func (r *run) values(ctx context.Context) field.ErrorList {
	stage := r.v.values.object
	if !r.ratcheting() {
		return stage.ValidateContext(ctx, nil, r.obj)
	}
	out := stage.ValidateUpdateContext(ctx, nil, r.obj, r.old)
	r.res.Ratcheted = append(r.res.Ratcheted, out.Ratcheted...)
	return out.Errors
}

// statusValues is the value validation of a status update: the new status
// against the status schema, the old status for ratcheting. A status update
// that removes the status has nothing to validate.
func (r *run) statusValues(ctx context.Context) field.ErrorList {
	status, has := r.obj["status"]
	if !has {
		return nil
	}
	path := field.NewPath("status")
	if !r.ratcheting() {
		return r.v.values.status.ValidateContext(ctx, path, status)
	}
	out := r.v.values.status.ValidateUpdateContext(ctx, path, status, r.old["status"])
	r.res.Ratcheted = append(r.res.Ratcheted, out.Ratcheted...)
	return out.Errors
}

// listTypes checks set and map lists; on update, kube-apiserver reports the
// new object's errors only when the old object had none.
func (r *run) listTypes(ctx context.Context) field.ErrorList {
	stage := r.v.values.listTypes
	if !r.ratcheting() {
		return stage.ValidateContext(ctx, nil, r.obj)
	}
	out := stage.ValidateUpdateContext(ctx, nil, r.obj, r.old)
	r.res.ToleratedListTypes = append(r.res.ToleratedListTypes, out.Ratcheted...)
	return out.Errors
}
