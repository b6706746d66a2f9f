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

// Check applies the rules to a write of an Instance of namespace and
// returns their errors; Admit says which rule applies.
func Check(ctx context.Context, ovs Finder, namespace string, old, inst *Instance) (field.ErrorList, error) {
	_, errs, err := Admit(ctx, ovs, namespace, old, inst)
	return errs, err
}

// Admit applies the rules to a write of an Instance of namespace: Install
// on a create (old nil), Update on an update that keeps the
// OperatorVersion, Upgrade on one that changes it. It returns the
// parameters the Instance should be stored with (what an admission
// webhook's mutation makes of spec.parameters: the immutable defaults
// pinned on install, the values of removed parameters dropped on an
// upgrade) and the rule's errors. An update that changes neither the
// OperatorVersion nor the parameters (metadata, finalizers, a plan
// execution) needs no OperatorVersion: no rule can refuse it, and KUDO's
// controller must be able to finish with an Instance whose OperatorVersion
// is gone. The error is the Finder's: without the OperatorVersion the
// Instance cannot be checked.
func Admit(ctx context.Context, ovs Finder, namespace string, old, inst *Instance) (map[string]string, field.ErrorList, error) {
	if old != nil && old.OperatorVersion == inst.OperatorVersion && maps.Equal(old.Parameters, inst.Parameters) {
		return clone(inst.Parameters), nil, nil
	}
	newOV, err := ovs.OperatorVersion(ctx, namespace, inst.OperatorVersion)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case old == nil:
		result, errs := Install(newOV, inst.Parameters)
		return result, errs, nil
	case old.OperatorVersion == inst.OperatorVersion:
		result, errs := Update(newOV, old.Parameters, inst.Parameters)
		return result, errs, nil
	}
	oldOV, err := ovs.OperatorVersion(ctx, namespace, old.OperatorVersion)
	if err != nil {
		return nil, nil, err
	}
	result, errs := Upgrade(oldOV, newOV, old.Parameters, inst.Parameters)
	return result, errs, nil
}
