package schema

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkCompleteness requires every property and items that the root's value
// validations (allOf, anyOf, oneOf, not) talk about to be specified in the
// structural part of the schema too. Like upstream, only the root's value
// validations are checked (recursively through their own nesting), not those
// of deeper nodes.
func checkCompleteness(s *Schema, path *field.Path) field.ErrorList {
	if s == nil {
		return nil
	}
	return junctorCompleteness(s, s, path, path)
}

// junctorCompleteness checks the junctors of value validation v against the
// structural node s; sPath and vPath are their paths.
func junctorCompleteness(v, s *Schema, sPath, vPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, nestedCompleteness(v.Not, s, sPath, vPath.Child("not"))...)
	for i, child := range v.AllOf {
		errs = append(errs, nestedCompleteness(child, s, sPath, vPath.Child("allOf").Index(i))...)
	}
	for i, child := range v.AnyOf {
		errs = append(errs, nestedCompleteness(child, s, sPath, vPath.Child("anyOf").Index(i))...)
	}
	for i, child := range v.OneOf {
		errs = append(errs, nestedCompleteness(child, s, sPath, vPath.Child("oneOf").Index(i))...)
	}
	return errs
}

// nestedCompleteness checks one nested value validation v against s.
func nestedCompleteness(v, s *Schema, sPath, vPath *field.Path) field.ErrorList {
	if v == nil {
		return nil
	}
	if s == nil {
		return field.ErrorList{field.Required(sPath, "because it is defined in "+vPath.String())}
	}
	var errs field.ErrorList
	errs = append(errs, junctorCompleteness(v, s, sPath, vPath)...)
	errs = append(errs, nestedCompleteness(v.Items, s.Items, sPath.Child("items"), vPath.Child("items"))...)
	for _, name := range slices.Sorted(maps.Keys(v.Properties)) {
		sp, vp := sPath.Child("properties").Key(name), vPath.Child("properties").Key(name)
		prop, found := s.Properties[name]
		if !found {
			errs = append(errs, field.Required(sp, "because it is defined in "+vp.String()))
			continue
		}
		errs = append(errs, nestedCompleteness(v.Properties[name], prop, sp, vp)...)
	}
	return errs
}
