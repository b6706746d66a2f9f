package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// MaxSelectableFields is the number of selectableFields a CRD version may have.
const MaxSelectableFields = 8

// checkTopLevelSelectableFields checks spec.selectableFields against the top-level schema.
func checkTopLevelSelectableFields(spec *CRDSpec, path *field.Path, tol *tolerance) field.ErrorList {
	if len(spec.SelectableFields) == 0 {
		return nil
	}
	if spec.Validation == nil {
		return field.ErrorList{field.Invalid(path.Child("selectableFields"), "", "may only be set when validations.schema is included")}
	}
	// Upstream names the schema spec.schema.openAPIV3Schema here.
	return checkSelectableFieldsOf(spec.SelectableFields, spec.Validation.OpenAPIV3Schema, path, path.Child("selectableFields"), tol.keepsTooManySelectable(""))
}

// checkVersionSelectableFields checks a version's selectableFields against its schema.
func checkVersionSelectableFields(v *Version, path *field.Path, tol *tolerance) field.ErrorList {
	if len(v.SelectableFields) == 0 {
		return nil
	}
	if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
		// Upstream's message says "is not included" where it means the opposite.
		return field.ErrorList{field.Invalid(path.Child("selectableFields"), "", "may only be set when `version.schema.openAPIV3Schema` is not included")}
	}
	return checkSelectableFieldsOf(v.SelectableFields, v.Schema.OpenAPIV3Schema, path, path.Child("selectableFields"), tol.keepsTooManySelectable(v.Name))
}

// checkSelectableFieldsOf reports a schema that cannot be converted (at
// holder's schema.openAPIV3Schema) and then checks every field against it.
// tooManyKept: an update keeps a list that was already over the limit.
func checkSelectableFieldsOf(fields []SelectableField, s *Schema, holder, path *field.Path, tooManyKept bool) field.ErrorList {
	var errs field.ErrorList
	if err := structuralError(s); err != nil {
		errs = append(errs, field.Invalid(holder.Child("schema.openAPIV3Schema"), "", err.Error()))
		s = nil // upstream continues with no schema
	}
	return append(errs, checkSelectableFields(fields, s, path, tooManyKept)...)
}

// checkSelectableFields requires each jsonPath to name a distinct string,
// boolean or integer field outside metadata, at most MaxSelectableFields of them.
func checkSelectableFields(fields []SelectableField, s *Schema, path *field.Path, tooManyKept bool) field.ErrorList {
	var errs field.ErrorList
	unique := map[string]bool{}
	for i, f := range fields {
		p := path.Index(i).Child("jsonPath")
		if f.JSONPath == "" {
			errs = append(errs, field.Required(p, ""))
			continue
		}
		fieldPath, target, err := resolveFieldPath(f.JSONPath, s, false)
		if err != nil {
			errs = append(errs, field.Invalid(p, f.JSONPath, "is an invalid path: "+err.Error()))
			continue
		}
		if fieldPath != nil && fieldPath.Root().String() == "metadata" {
			errs = append(errs, field.Invalid(p, f.JSONPath, "must not point to fields in metadata"))
		}
		if !isSelectableType(target) {
			errs = append(errs, field.Invalid(p, f.JSONPath, "must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed."))
		}
		key := fieldPath.String()
		if unique[key] {
			errs = append(errs, field.Duplicate(p, f.JSONPath))
		}
		unique[key] = true
	}
	if len(unique) > MaxSelectableFields && !tooManyKept {
		errs = append(errs, field.TooMany(path, len(unique), MaxSelectableFields))
	}
	return errs
}

func isSelectableType(s *Schema) bool {
	if s == nil {
		return false
	}
	switch s.Type {
	case "string", "boolean", "integer":
		return true
	}
	return false
}
