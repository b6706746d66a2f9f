package params

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Update checks an update of an Instance that stays on OperatorVersion ov,
// from the parameters old to new, and returns the parameters it keeps (new,
// as given: an update adds nothing). Any change of an immutable parameter
// (set to another value, changed, or removed) is an error naming the old
// and the new value, and one such error refuses the whole update; sending
// the same values again is allowed, so one values file serves install and
// every update. Values are checked as on Install.
func Update(ov *OperatorVersion, old, new map[string]string) (map[string]string, field.ErrorList) {
	errs := undefined(old, new, ov)
	errs = append(errs, immutableChanges(side{ov, old}, side{ov, new})...)
	return clone(new), append(errs, checkValues(ov, new)...)
}
