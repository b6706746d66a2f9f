package schema

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// level is where a schema node sits; it selects the message about a missing type.
type level int

const (
	rootLevel level = iota
	itemLevel
	fieldLevel
)

// checkStructural is kube-apiserver's ValidateStructural: the invariants of a
// structural schema and the completeness of the root's value validations.
// Like upstream, the errors are sorted by their text. s must be convertible
// (structuralError(s) == nil).
func checkStructural(path *field.Path, s *Schema) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, checkInvariants(s, rootLevel, path)...)
	errs = append(errs, checkCompleteness(s, path)...)
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errs
}

// checkInvariants checks one structural node and its structural children.
func checkInvariants(s *Schema, lvl level, path *field.Path) field.ErrorList {
	if s == nil {
		return nil
	}
	var errs field.ErrorList
	if s.Type == "array" && s.Items == nil {
		errs = append(errs, field.Required(path.Child("items"), "must be specified"))
	}
	errs = append(errs, checkInvariants(s.Items, itemLevel, path.Child("items"))...)
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		errs = append(errs, checkInvariants(s.Properties[name], fieldLevel, path.Child("properties").Key(name))...)
	}
	if s.AdditionalProperties != nil {
		if lvl == rootLevel {
			errs = append(errs, field.Forbidden(path.Child("additionalProperties"), "must not be used at the root"))
		}
		errs = append(errs, checkInvariants(s.AdditionalProperties.Schema, fieldLevel, path.Child("additionalProperties"))...)
	}
	errs = append(errs, checkExtensionCombinations(s, path)...)
	errs = append(errs, checkValueValidation(s, isIntOrStringAnyOf(s), isIntOrStringAllOf(s), path)...)
	errs = append(errs, checkNodeType(s, lvl, path)...)
	errs = append(errs, checkResourceFields(s, lvl, path)...)
	return errs
}

// checkExtensionCombinations forbids extensions that contradict int-or-string.
func checkExtensionCombinations(s *Schema, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.IntOrString && s.PreservesUnknownFields() {
		errs = append(errs, field.Invalid(path.Child("x-kubernetes-preserve-unknown-fields"), true, "must be false if x-kubernetes-int-or-string is true"))
	}
	if s.IntOrString && s.EmbeddedResource {
		errs = append(errs, field.Invalid(path.Child("x-kubernetes-embedded-resource"), true, "must be false if x-kubernetes-int-or-string is true"))
	}
	return errs
}

// checkNodeType checks the type of a node: required unless int-or-string or
// preserving unknown fields, object for embedded resources and at the root.
func checkNodeType(s *Schema, lvl level, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	typePath := path.Child("type")
	switch {
	case s.EmbeddedResource && s.Type == "":
		errs = append(errs, field.Required(typePath, "must be object if x-kubernetes-embedded-resource is true"))
	case s.EmbeddedResource && s.Type != "object":
		errs = append(errs, field.Invalid(typePath, s.Type, "must be object if x-kubernetes-embedded-resource is true"))
	case s.Type == "" && !s.IntOrString && !s.PreservesUnknownFields():
		errs = append(errs, field.Required(typePath, missingTypeDetail[lvl]))
	}
	if s.EmbeddedResource && s.AdditionalProperties != nil {
		errs = append(errs, field.Forbidden(path.Child("additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"))
	}
	if lvl == rootLevel && s.Type != "" && s.Type != "object" {
		errs = append(errs, field.Invalid(typePath, s.Type, "must be object at the root"))
	}
	return errs
}

var missingTypeDetail = map[level]string{
	rootLevel:  "must not be empty at the root",
	itemLevel:  "must not be empty for specified array items",
	fieldLevel: "must not be empty for specified object fields",
}

// checkResourceFields restricts apiVersion, kind and metadata of resources
// (the root and embedded resources).
func checkResourceFields(s *Schema, lvl level, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	isResource := lvl == rootLevel || s.EmbeddedResource
	for _, name := range []string{"kind", "apiVersion"} {
		if prop, found := s.Properties[name]; found && isResource && typeOf(prop) != "string" {
			errs = append(errs, field.Invalid(path.Child("properties").Key(name).Child("type"), typeOf(prop), "must be string"))
		}
	}
	if metadata, found := s.Properties["metadata"]; found {
		errs = append(errs, checkMetadataSchema(metadata, isResource, lvl, path.Child("properties").Key("metadata"))...)
	}
	if s.EmbeddedResource && !s.PreservesUnknownFields() && len(s.Properties) == 0 {
		errs = append(errs, field.Required(path.Child("properties"), "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields"))
	}
	return errs
}

func typeOf(s *Schema) string {
	if s == nil {
		return ""
	}
	return s.Type
}

// checkValueValidation checks the logical junctors of a node (or of a nested
// value validation) and its pattern. skipAnyOf and skipFirstAllOfAnyOf skip
// the int-or-string patterns, whose types are allowed.
func checkValueValidation(s *Schema, skipAnyOf, skipFirstAllOfAnyOf bool, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if !skipAnyOf {
		for i, child := range s.AnyOf {
			errs = append(errs, checkNested(child, false, path.Child("anyOf").Index(i))...)
		}
	}
	for i, child := range s.AllOf {
		errs = append(errs, checkNested(child, skipFirstAllOfAnyOf && i == 0, path.Child("allOf").Index(i))...)
	}
	for i, child := range s.OneOf {
		errs = append(errs, checkNested(child, false, path.Child("oneOf").Index(i))...)
	}
	errs = append(errs, checkNested(s.Not, false, path.Child("not"))...)
	if s.Pattern != "" {
		if _, err := CompilePattern(s.Pattern); err != nil {
			errs = append(errs, field.Invalid(path.Child("pattern"), s.Pattern, fmt.Sprintf("must be a valid regular expression, but isn't: %v", err)))
		}
	}
	return errs
}
