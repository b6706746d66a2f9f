package schema

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkNested checks a value validation under allOf, anyOf, oneOf or not:
// only value validations are allowed there, nothing that shapes the
// structure (type, defaults, extensions, additionalProperties, metadata).
func checkNested(v *Schema, skipAnyOf bool, path *field.Path) field.ErrorList {
	if v == nil {
		return nil
	}
	var errs field.ErrorList
	errs = append(errs, checkValueValidation(v, skipAnyOf, false, path)...)
	errs = append(errs, checkNested(v.Items, false, path.Child("items"))...)
	for _, name := range slices.Sorted(maps.Keys(v.Properties)) {
		errs = append(errs, checkNested(v.Properties[name], false, path.Child("properties").Key(name))...)
	}
	if v.Type != "" {
		errs = append(errs, field.Forbidden(path.Child("type"), "must be empty to be structural"))
	}
	// additionalProperties: false restricts nothing here, so upstream drops it.
	if v.AdditionalProperties != nil && v.AdditionalProperties.Allows {
		errs = append(errs, field.Forbidden(path.Child("additionalProperties"), "must be undefined to be structural"))
	}
	errs = append(errs, forbiddenInNested(v, path)...)
	if _, found := v.Properties["metadata"]; found {
		errs = append(errs, field.Forbidden(path.Child("properties").Key("metadata"), "must not be specified in a nested context"))
	}
	return errs
}

// forbiddenInNested reports the generic keywords and extensions a nested
// value validation must not set.
func forbiddenInNested(v *Schema, path *field.Path) field.ErrorList {
	checks := []struct {
		set    bool
		name   string
		detail string
	}{
		{v.Default != nil, "default", "must be undefined to be structural"},
		{v.Title != "", "title", "must be empty to be structural"},
		{v.Description != "", "description", "must be empty to be structural"},
		{v.Nullable, "nullable", "must be false to be structural"},
		{v.PreservesUnknownFields(), "x-kubernetes-preserve-unknown-fields", "must be false to be structural"},
		{v.EmbeddedResource, "x-kubernetes-embedded-resource", "must be false to be structural"},
		{v.IntOrString, "x-kubernetes-int-or-string", "must be false to be structural"},
		{len(v.ListMapKeys) > 0, "x-kubernetes-list-map-keys", "must be empty to be structural"},
		{v.ListType != nil, "x-kubernetes-list-type", "must be undefined to be structural"},
		{v.MapType != nil, "x-kubernetes-map-type", "must be undefined to be structural"},
		{len(v.Validations) > 0, "x-kubernetes-validations", "must be empty to be structural"},
	}
	var errs field.ErrorList
	for _, c := range checks {
		if c.set {
			errs = append(errs, field.Forbidden(path.Child(c.name), c.detail))
		}
	}
	return errs
}
