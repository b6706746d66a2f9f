package params

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Upgrade checks an upgrade of an Instance from OperatorVersion oldOV with
// the parameters old to newOV with the parameters new (the whole
// spec.parameters of the upgraded Instance: stored values carried over
// plus the ones set in the upgrade), and returns the parameters the
// Instance keeps: new without the parameters newOV no longer defines.
//
//   - Immutable in both: the value may not change, whatever plan the
//     upgrade triggers (see immutableChange).
//   - Mutable in oldOV, immutable in newOV: new must hold a value. A value
//     stored before the upgrade and carried over counts (see doc.go).
//   - Added in newOV as immutable: new must hold a value, even when the
//     parameter has a default; the error shows the default.
//   - Immutable in oldOV, mutable in newOV: the value is kept and may change.
//   - Removed in newOV: the value leaves the Instance.
func Upgrade(oldOV, newOV *OperatorVersion, old, new map[string]string) (map[string]string, field.ErrorList) {
	errs := undefined(old, new, oldOV, newOV)
	errs = append(errs, immutableChanges(side{oldOV, old}, side{newOV, new})...)
	errs = append(errs, newlyImmutable(oldOV, newOV, new)...)
	result := definedOnly(newOV, new)
	return result, append(errs, checkValues(newOV, result)...)
}

// newlyImmutable reports the parameters that become immutable in newOV
// (made immutable, or added as immutable) without a value in new.
func newlyImmutable(oldOV, newOV *OperatorVersion, new map[string]string) field.ErrorList {
	var errs field.ErrorList
	for i := range newOV.Parameters {
		p := &newOV.Parameters[i]
		oldP := oldOV.Parameter(p.Name)
		if _, ok := new[p.Name]; ok || !p.Immutable || oldP != nil && oldP.Immutable {
			continue
		}
		how := "was changed to immutable in"
		if oldP == nil {
			how = "was added as immutable in"
		}
		errs = append(errs, field.Required(valuePath(p.Name),
			fmt.Sprintf("parameter %s OperatorVersion %s, but no value was provided%s", how, newOV.Name, defaultHint(p))))
	}
	return errs
}

func defaultHint(p *Parameter) string {
	if p.Default == nil {
		return ""
	}
	return fmt.Sprintf(" (default would be %q)", *p.Default)
}

// definedOnly drops the values of parameters ov does not define.
func definedOnly(ov *OperatorVersion, params map[string]string) map[string]string {
	out := make(map[string]string, len(params))
	for name, text := range params {
		if ov.Parameter(name) != nil {
			out[name] = text
		}
	}
	return out
}
