package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkMetadataSchema checks the schema of a metadata property. In a resource
// (the root or an embedded resource) it must be an object; at the root it may
// only restrict name and generateName, because the apiserver owns metadata.
func checkMetadataSchema(s *Schema, isResource bool, lvl level, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if isResource && typeOf(s) != "object" {
		errs = append(errs, field.Invalid(path.Child("type"), typeOf(s), "must be object"))
	}
	if lvl == rootLevel && s != nil && !onlyRestrictsNames(s) {
		errs = append(errs, field.Forbidden(path, "must not specify anything other than name and generateName, but metadata is implicitly specified"))
	}
	return errs
}

// onlyRestrictsNames reports whether a root metadata schema sets nothing but
// type, default (checked elsewhere) and the properties name and generateName,
// compared as upstream compares converted schemas (see asConverted): other
// explicitly empty lists (required: [], x-kubernetes-list-map-keys: []) and
// additionalProperties: false count as set.
func onlyRestrictsNames(s *Schema) bool {
	bare := asConverted(s)
	bare.Type, bare.Default = "", nil
	if onlyNameProperties(bare.Properties) {
		bare.Properties = nil
	}
	return bare.IsZero()
}

// onlyNameProperties reports whether props is empty or holds only name and/or generateName.
func onlyNameProperties(props map[string]*Schema) bool {
	for name := range props {
		if name != "name" && name != "generateName" {
			return false
		}
	}
	return true
}
