package schema

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// mutabilitySiteKey names the place of an extension (path ends with the
// extension's name) below the openAPIV3Schema at root, the same for every
// schema holder of a CRD: "openAPIV3Schema.properties[spec].x-kubernetes-mutability".
func mutabilitySiteKey(root, path *field.Path) string {
	return "openAPIV3Schema" + strings.TrimPrefix(path.String(), root.String())
}

// oldMutabilitySites lists the mutability extensions of every schema of
// spec by mutabilitySiteKey, through the nodes checkMutability visits.
func oldMutabilitySites(spec *CRDSpec) map[string]bool {
	sites := map[string]bool{}
	root := field.NewPath("openAPIV3Schema")
	if spec.Validation != nil {
		collectMutability(spec.Validation.OpenAPIV3Schema, root, root, sites)
	}
	for _, v := range spec.Versions {
		if v.Schema != nil {
			collectMutability(v.Schema.OpenAPIV3Schema, root, root, sites)
		}
	}
	return sites
}

func collectMutability(s *Schema, root, path *field.Path, sites map[string]bool) {
	if s == nil {
		return
	}
	if s.Mutability != nil {
		sites[mutabilitySiteKey(root, path.Child(mutabilityKey))] = true
	}
	if s.KeyMutability != nil {
		sites[mutabilitySiteKey(root, path.Child(keyMutabilityKey))] = true
	}
	collectMutability(s.Items, root, path.Child("items"), sites)
	for name, child := range s.Properties {
		collectMutability(child, root, path.Child("properties").Key(name), sites)
	}
	collectMutability(s.AdditionalPropertiesSchema(), root, path.Child("additionalProperties"), sites)
	for _, junctor := range []struct {
		name    string
		schemas []*Schema
	}{{"allOf", s.AllOf}, {"anyOf", s.AnyOf}, {"oneOf", s.OneOf}} {
		for i, child := range junctor.schemas {
			collectMutability(child, root, path.Child(junctor.name).Index(i), sites)
		}
	}
	collectMutability(s.Not, root, path.Child("not"), sites)
}
