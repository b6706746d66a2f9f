package params

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Install returns the parameters an Instance of ov is created with, given
// the values the user set: those values plus the default of every
// immutable parameter without one, so that the value never changes, even
// when a later OperatorVersion has another default. The errors are every
// reason to refuse the install: values ov does not define, values of the
// wrong type or outside their enum, required parameters without a value,
// and immutable parameters left without a value (a package Verify would
// reject).
func Install(ov *OperatorVersion, given map[string]string) (map[string]string, field.ErrorList) {
	result := withImmutableDefaults(ov, given)
	errs := undefined(nil, result, ov)
	for i := range ov.Parameters {
		p := &ov.Parameters[i]
		if _, ok := result[p.Name]; p.Immutable && !ok && !p.Required {
			errs = append(errs, field.Required(valuePath(p.Name), "parameter is immutable and needs a value at installation, but has neither a value nor a default"))
		}
	}
	return result, append(errs, checkValues(ov, result)...)
}

// withImmutableDefaults copies the defaults of the immutable parameters
// without a value into a copy of given.
func withImmutableDefaults(ov *OperatorVersion, given map[string]string) map[string]string {
	result := clone(given)
	for _, p := range ov.Parameters {
		if _, ok := result[p.Name]; p.Immutable && !ok && p.Default != nil {
			result[p.Name] = *p.Default
		}
	}
	return result
}
