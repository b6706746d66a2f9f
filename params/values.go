package params

import (
	"fmt"
	"maps"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ParametersPath is where an Instance keeps its parameter values; errors
// about a value are at ParametersPath.Key(name): spec.parameters[NAME].
var ParametersPath = field.NewPath("spec", "parameters")

func valuePath(name string) *field.Path { return ParametersPath.Key(name) }

// checkValues checks every value of params that ov defines (its type, its
// enum) and that every required parameter without a default has one, as
// KUDO does on every create and update: an empty text counts as no value.
func checkValues(ov *OperatorVersion, params map[string]string) field.ErrorList {
	var errs field.ErrorList
	for i := range ov.Parameters {
		p := &ov.Parameters[i]
		text, ok := params[p.Name]
		switch {
		case text == "" && p.Required && p.Default == nil:
			errs = append(errs, field.Required(valuePath(p.Name), "parameter is required but has no value set"))
		case ok:
			errs = append(errs, checkValue(p, text)...)
		}
	}
	return errs
}

// checkValue checks one value against its parameter's type and enum.
func checkValue(p *Parameter, text string) field.ErrorList {
	if _, err := p.Type.Parse(text); err != nil {
		return field.ErrorList{field.Invalid(valuePath(p.Name), text, fmt.Sprintf("parameter has an invalid value: %v", err))}
	}
	if p.Enum != nil && !inEnum(p, text) {
		return field.ErrorList{field.NotSupported(valuePath(p.Name), text, p.Enum)}
	}
	return nil
}

// undefined reports the parameters that new sets or changes (compared with
// old) and that none of the OperatorVersions defines: a misspelt name
// would otherwise be stored and never used. Values left as they were are
// not the request's doing and pass.
func undefined(old, new map[string]string, ovs ...*OperatorVersion) field.ErrorList {
	var errs field.ErrorList
	for _, name := range sortedNames(new) {
		if !definedIn(name, ovs) && changed(old, new, name) {
			errs = append(errs, field.Invalid(valuePath(name), new[name],
				fmt.Sprintf("parameter is not defined in OperatorVersion %s", ovs[len(ovs)-1].Name)))
		}
	}
	return errs
}

func definedIn(name string, ovs []*OperatorVersion) bool {
	for _, ov := range ovs {
		if ov.Parameter(name) != nil {
			return true
		}
	}
	return false
}

// changed reports whether name is set in one map and not the other, or
// has different texts.
func changed(old, new map[string]string, name string) bool {
	a, inOld := old[name]
	b, inNew := new[name]
	return inOld != inNew || a != b
}

func sortedNames(m map[string]string) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// clone copies params; the rules never modify their arguments.
func clone(params map[string]string) map[string]string {
	out := make(map[string]string, len(params))
	maps.Copy(out, params)
	return out
}
