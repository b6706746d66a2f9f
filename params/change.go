package params

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// side is one side of a change of an immutable parameter: the Instance's
// parameters and the OperatorVersion they are read with.
type side struct {
	ov     *OperatorVersion
	params map[string]string
}

// value is what templates see for a parameter: the stored text, else the
// parameter's default in that OperatorVersion; ok is false with neither.
func (s side) value(p *Parameter) (text string, stored, ok bool) {
	if text, stored := s.params[p.Name]; stored {
		return text, true, true
	}
	if p.Default != nil {
		return *p.Default, false, true
	}
	return "", false, false
}

// immutableChange returns the error for parameter name, immutable in both
// OperatorVersions, if its value differs between old and new; nil if not.
// Removing a stored value is always a change (the next OperatorVersion's
// default could take its place). Storing the value that applied already
// (the default) is not: it pins that value.
func immutableChange(name string, old, new side) *field.Error {
	oldP, newP := old.ov.Parameter(name), new.ov.Parameter(name)
	before, wasStored, hadValue := old.value(oldP)
	after, isStored, hasValue := new.value(newP)
	path := valuePath(name)
	switch {
	case wasStored && !isStored:
		return field.Forbidden(path, fmt.Sprintf("parameter is immutable but its value %q was removed", before))
	case !hadValue && isStored:
		return field.Forbidden(path, fmt.Sprintf("parameter is immutable but was set to %q (it had no value)", after))
	case !hadValue:
		return nil
	case !hasValue:
		return field.Forbidden(path, fmt.Sprintf(
			"parameter is immutable and has no value in the Instance: its default %q in OperatorVersion %s is gone in %s; set it to %q to keep it",
			before, old.ov.Name, new.ov.Name, before))
	case newP.Type.Equal(before, after):
		return nil
	case wasStored:
		return field.Forbidden(path, fmt.Sprintf("parameter is immutable but was changed from %q to %q", before, after))
	case isStored:
		return field.Forbidden(path, fmt.Sprintf("parameter is immutable but was set to %q (it had no value: its default %q applied)", after, before))
	}
	return field.Forbidden(path, fmt.Sprintf(
		"parameter is immutable and has no value in the Instance: its default %q in OperatorVersion %s would change to %q in %s; set it to %q to keep it",
		before, old.ov.Name, after, new.ov.Name, before))
}

// immutableChanges checks every parameter immutable in both
// OperatorVersions (the same one for an update).
func immutableChanges(old, new side) field.ErrorList {
	var errs field.ErrorList
	for _, p := range new.ov.Parameters {
		if oldP := old.ov.Parameter(p.Name); p.Immutable && oldP != nil && oldP.Immutable {
			if err := immutableChange(p.Name, old, new); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errs
}
