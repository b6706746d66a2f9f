package schema

import (
	"maps"
	"slices"
)

// MutabilitySite is a node of a schema's structure (properties, items,
// additionalProperties) where the placement rules of checkMutability allow
// the mutability extensions, with the values each extension may take
// there. Tests that place the extensions at random (package lower's
// equivalence test) use it, so that they follow the same rules as kval lint.
type MutabilitySite struct {
	// Pointer is the node's JSON Pointer tokens below the root schema:
	// "properties" and a name, "items", or "additionalProperties".
	Pointer []string
	Schema  *Schema
	// Mutability and KeyMutability are the values allowed; empty when the
	// extension may not be placed here.
	Mutability, KeyMutability []Mutability
}

// MutabilitySites lists the nodes of the structure of root (a v1 CRD's
// openAPIV3Schema) where at least one extension may be placed, parents
// before children, properties in name order.
func MutabilitySites(root *Schema) []MutabilitySite {
	var sites []MutabilitySite
	var walk func(s *Schema, pointer []string, place placement)
	walk = func(s *Schema, pointer []string, place placement) {
		if s == nil {
			return
		}
		if site := siteOf(s, pointer, place); len(site.Mutability)+len(site.KeyMutability) > 0 {
			sites = append(sites, site)
		}
		walk(s.Items, append(slices.Clip(pointer), "items"), itemPlacement(place))
		for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
			walk(s.Properties[name], append(slices.Clip(pointer), "properties", name), propertyPlacement(s, name, place))
		}
		walk(s.AdditionalPropertiesSchema(), append(slices.Clip(pointer), "additionalProperties"), itemPlacement(place))
	}
	walk(root, nil, placeRoot)
	return sites
}

// siteOf applies the checks of checkMutability to every value of both
// extensions at one node.
func siteOf(s *Schema, pointer []string, place placement) MutabilitySite {
	site := MutabilitySite{Pointer: pointer, Schema: s}
	if placementError(nil, place, true) != nil {
		return site
	}
	mutabilityCheck := checkMutabilityOn
	if place == placeItem {
		mutabilityCheck = checkItemMutability
	}
	for _, v := range Mutabilities {
		if mutabilityCheck(s, v, nil) == nil {
			site.Mutability = append(site.Mutability, v)
		}
		if checkKeyMutabilityOn(s, v, nil) == nil {
			site.KeyMutability = append(site.KeyMutability, v)
		}
	}
	return site
}
