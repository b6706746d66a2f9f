package params

import (
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Verify returns every fault of ov's parameter definitions, at their paths
// in ov.Source: what reading them found (unknown fields and types, defaults
// and enum values that do not fit their type) and the rules between fields.
// A package with faults should not be installed; the rules below (Install,
// Update, Upgrade) assume a verified OperatorVersion but never panic on
// another.
func Verify(ov *OperatorVersion) field.ErrorList {
	errs := append(field.ErrorList{}, ov.problems...)
	errs = append(errs, duplicates(ov)...)
	for i := range ov.Parameters {
		errs = append(errs, verifyParameter(ov, &ov.Parameters[i])...)
	}
	return errs
}

// duplicates reports names used twice, ignoring case as KUDO does: "Kafka"
// and "kafka" are too easily confused in templates.
func duplicates(ov *OperatorVersion) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for _, p := range ov.Parameters {
		name := strings.ToLower(p.Name)
		if p.Name != "" && seen[name] {
			errs = append(errs, field.Duplicate(ov.definitionPath(p.Name), p.Name))
		}
		seen[name] = true
	}
	return errs
}

func verifyParameter(ov *OperatorVersion, p *Parameter) field.ErrorList {
	var errs field.ErrorList
	path := ov.definitionPath(p.Name)
	if p.Immutable && p.Default == nil && !p.Required {
		errs = append(errs, field.Invalid(path.Child("immutable"), true,
			"parameter is immutable but is not marked as required or has a default value: it must get a value at installation"))
	}
	if p.Advanced && p.Required && p.Default == nil {
		errs = append(errs, field.Invalid(path.Child("advanced"), true,
			"parameter is marked as advanced, but also as required and has no default: an advanced parameter must either be optional or have a default value"))
	}
	errs = append(errs, verifyEnum(path, p)...)
	errs = append(errs, verifyReferences(ov, path, p)...)
	return errs
}

func verifyEnum(path *field.Path, p *Parameter) field.ErrorList {
	switch {
	case p.Enum == nil:
		return nil
	case len(p.Enum) == 0:
		return field.ErrorList{field.Required(path.Child("enum"), "parameter is an enum but has no allowed values")}
	case p.Default != nil && !inEnum(p, *p.Default):
		return field.ErrorList{field.NotSupported(path.Child("default"), *p.Default, p.Enum)}
	}
	return nil
}

func inEnum(p *Parameter, text string) bool {
	for _, allowed := range p.Enum {
		if p.Type.Equal(allowed, text) {
			return true
		}
	}
	return false
}

// verifyReferences checks the names a parameter refers to: its trigger
// plan (when the plans are known) and its group.
func verifyReferences(ov *OperatorVersion, path *field.Path, p *Parameter) field.ErrorList {
	var errs field.ErrorList
	if p.Trigger != "" && len(ov.Plans) > 0 && !slices.Contains(ov.Plans, p.Trigger) {
		errs = append(errs, field.NotFound(path.Child("trigger"), p.Trigger))
	}
	if p.Group != "" && !hasGroup(ov.Groups, p.Group) {
		errs = append(errs, field.Invalid(path.Child("group"), p.Group, "group is not defined in the groups section"))
	}
	return errs
}

func hasGroup(groups []Group, name string) bool {
	for _, g := range groups {
		if g.Name == name {
			return true
		}
	}
	return false
}
