package params

import (
	"context"
	"maps"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Finder finds the OperatorVersion an Instance of a namespace names.
type Finder interface {
	OperatorVersion(ctx context.Context, namespace, name string) (*OperatorVersion, error)
}

// Check applies the rules to a write of an Instance of namespace: Install
// on a create (old nil), Update on an update that keeps the
// OperatorVersion, Upgrade on one that changes it. An update that changes
// neither the OperatorVersion nor the parameters (metadata, finalizers, a
// plan execution) needs no OperatorVersion: no rule can refuse it, and
// KUDO's controller must be able to finish with an Instance whose
// OperatorVersion is gone. The error is the Finder's: without the
// OperatorVersion the Instance cannot be checked.
func Check(ctx context.Context, ovs Finder, namespace string, old, inst *Instance) (field.ErrorList, error) {
	if old != nil && old.OperatorVersion == inst.OperatorVersion && maps.Equal(old.Parameters, inst.Parameters) {
		return nil, nil
	}
	newOV, err := ovs.OperatorVersion(ctx, namespace, inst.OperatorVersion)
	if err != nil {
		return nil, err
	}
	switch {
	case old == nil:
		_, errs := Install(newOV, inst.Parameters)
		return errs, nil
	case old.OperatorVersion == inst.OperatorVersion:
		_, errs := Update(newOV, old.Parameters, inst.Parameters)
		return errs, nil
	}
	oldOV, err := ovs.OperatorVersion(ctx, namespace, old.OperatorVersion)
	if err != nil {
		return nil, err
	}
	_, errs := Upgrade(oldOV, newOV, old.Parameters, inst.Parameters)
	return errs, nil
}
