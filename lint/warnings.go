package lint

import (
	"fmt"
	"maps"
	"slices"

	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// WarningsOnCreate returns the warnings kube-apiserver gives when crd is
// created (the CRD strategy's WarningsOnCreate): one per format it does not
// recognize for the declared type, in schema order (spec.validation, then
// the versions), then, sorted and once each, one per type of non-scalar
// items of an x-kubernetes-list-type: set list. kube-apiserver gives them
// only for a CRD it accepts; call it when CheckCRD found nothing.
func WarningsOnCreate(crd *schema.CRD) []string {
	var holders []*schema.Validation
	if crd.Spec.Validation != nil {
		holders = append(holders, crd.Spec.Validation)
	}
	for _, v := range crd.Spec.Versions {
		if v.Schema != nil {
			holders = append(holders, v.Schema)
		}
	}
	var formats, sets []string
	for _, h := range holders {
		visitSchemas(h.OpenAPIV3Schema, func(s *schema.Schema) {
			if s.Format != "" && !values.FormatSupported(s.Format, s.Type) {
				formats = append(formats, fmt.Sprintf("unrecognized format %q", s.Format))
			}
			if w := nonScalarSetWarning(s); w != "" && !slices.Contains(sets, w) {
				sets = append(sets, w)
			}
		})
	}
	slices.Sort(sets)
	return append(formats, sets...)
}

// nonScalarSetWarning is the warning about a set list of objects or
// arrays: server-side apply and CEL cannot treat such items as set members.
func nonScalarSetWarning(s *schema.Schema) string {
	if !s.IsSetList() || s.Items == nil {
		return ""
	}
	switch t := s.Items.Type; t {
	case "object", "array":
		return fmt.Sprintf("x-kubernetes-list-type: set for items of type %q is not supported by server-side apply or CEL validation rules", t)
	}
	return ""
}

// visitSchemas calls visit on s and every schema below it, in the order of
// upstream's SchemaHas: the node, items, allOf, anyOf, oneOf, not,
// properties (sorted here; upstream's order is random), additionalProperties.
// The keywords CRDs forbid are not followed: a CRD with them is rejected
// before warnings are given.
func visitSchemas(s *schema.Schema, visit func(*schema.Schema)) {
	if s == nil {
		return
	}
	visit(s)
	visitSchemas(s.Items, visit)
	for _, list := range [][]*schema.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for _, child := range list {
			visitSchemas(child, visit)
		}
	}
	visitSchemas(s.Not, visit)
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		visitSchemas(s.Properties[name], visit)
	}
	visitSchemas(s.AdditionalPropertiesSchema(), visit)
}
