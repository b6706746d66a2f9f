package schema

import (
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The placement rules of x-kubernetes-mutability and
// x-kubernetes-key-mutability (seed 000, "Immutable fields"):
//
//   - only the values Immutable, AddOnly and RemoveOnly;
//   - neither at the root of a schema nor in metadata (the metadata node of
//     the root or of an embedded resource, and anything below it): the
//     apiserver owns metadata, and mutability at the root would apply to it;
//   - x-kubernetes-key-mutability only on arrays and on maps;
//   - x-kubernetes-mutability on arrays and maps only Immutable: AddOnly and
//     RemoveOnly there are expressed with x-kubernetes-key-mutability;
//   - x-kubernetes-mutability on the items of a list or the values of a map
//     only Immutable: an item's value cannot change while its key exists,
//     and whether keys may come or go is x-kubernetes-key-mutability's
//     business (see package mutability); AddOnly and RemoveOnly would have
//     no meaning of their own there;
//   - only in apiextensions.k8s.io/v1 CRDs ("can only be set in v1 CRDs on
//     creation"), except on the update of a v1beta1 CRD ("but updated in
//     v1beta1 if preexisting"): there an extension may stay, with any
//     value, where the old CRD had the same extension.
//
// On update, only the v1 rule ratchets: the seed names no other, and the
// other rules protect the meaning of the extensions, which an old CRD
// that broke them never had (kube-apiserver ignores the extensions).
//
// Decisions where the seed is silent or open:
//
//   - A map is a schema with additionalProperties (a schema or true) and no
//     properties; additionalProperties: false, or properties next to
//     additionalProperties: true, make a struct, where key mutability is
//     forbidden ("Example 6").
//   - In value validations (allOf, anyOf, oneOf, not) both extensions are
//     forbidden, like every other extension there: mutability is a property
//     of the structure, not of a value.
//   - apiVersion and kind of a resource may carry the extensions; the seed
//     only reserves metadata.
//   - One error per extension and node: a misplaced extension is reported as
//     misplaced, whatever its value.
//   - "Preexisting" is per extension and node: the old CRD had the same
//     extension (either value) at the same path below openAPIV3Schema, in
//     any of its schemas (top-level or per-version); an extension new to
//     the node is a new use, which the seed reserves for v1.
//
// The rules run outside kube-apiserver's gating (see checkOpenAPIV3Schema).

const (
	mutabilityKey    = "x-kubernetes-mutability"
	keyMutabilityKey = "x-kubernetes-key-mutability"
)

// mutabilityValues are the accepted values, sorted.
var mutabilityValues = []Mutability{AddOnly, Immutable, RemoveOnly}

// checkMutability checks the mutability extensions in the schema at path.
// old holds the extensions of the old CRD on update (see oldMutabilitySites).
func checkMutability(root *Schema, path *field.Path, v1 bool, old map[string]bool) field.ErrorList {
	w := mutabilityWalk{v1: v1, root: path, old: old}
	w.node(root, path, placeRoot)
	return w.errs
}

// placement is where a node sits, as far as the mutability rules care.
type placement int

const (
	placeStructure placement = iota
	placeRoot
	placeMetadata
	placeValueValidation
	placeItem // the items of a list or the values of a map
)

type mutabilityWalk struct {
	v1 bool
	// root is the path of openAPIV3Schema; old the old CRD's extensions
	// (nil on create).
	root *field.Path
	old  map[string]bool
	errs field.ErrorList
}

// node checks s and everything below it.
func (w *mutabilityWalk) node(s *Schema, path *field.Path, place placement) {
	if s == nil {
		return
	}
	mutabilityCheck := checkMutabilityOn
	if place == placeItem {
		mutabilityCheck = checkItemMutability
	}
	w.extension(s, s.Mutability, path.Child(mutabilityKey), place, mutabilityCheck)
	w.extension(s, s.KeyMutability, path.Child(keyMutabilityKey), place, checkKeyMutabilityOn)
	w.node(s.Items, path.Child("items"), itemPlacement(place))
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		w.node(s.Properties[name], path.Child("properties").Key(name), propertyPlacement(s, name, place))
	}
	w.node(s.AdditionalPropertiesSchema(), path.Child("additionalProperties"), itemPlacement(place))
	w.valueValidations(s, path)
}

// itemPlacement is the placement of the items or map values of a node at place.
func itemPlacement(place placement) placement {
	switch place {
	case placeMetadata, placeValueValidation:
		return place
	}
	return placeItem
}

// propertyPlacement is the placement of property name of s.
func propertyPlacement(s *Schema, name string, place placement) placement {
	switch {
	case place == placeMetadata || place == placeValueValidation:
		return place
	case name == "metadata" && (place == placeRoot || s.EmbeddedResource):
		return placeMetadata
	}
	return placeStructure // the properties of an item are fields again
}

// valueValidations checks the schemas under allOf, anyOf, oneOf and not.
func (w *mutabilityWalk) valueValidations(s *Schema, path *field.Path) {
	for _, junctor := range []struct {
		name    string
		schemas []*Schema
	}{{"allOf", s.AllOf}, {"anyOf", s.AnyOf}, {"oneOf", s.OneOf}} {
		for i, child := range junctor.schemas {
			w.node(child, path.Child(junctor.name).Index(i), placeValueValidation)
		}
	}
	w.node(s.Not, path.Child("not"), placeValueValidation)
}

// extension checks one extension of s: where it is, then its value, then
// whether it fits the node (check).
func (w *mutabilityWalk) extension(s *Schema, value *Mutability, path *field.Path, place placement,
	check func(s *Schema, value Mutability, path *field.Path) *field.Error) {
	if value == nil {
		return
	}
	if err := placementError(path, place, w.v1 || w.old[mutabilitySiteKey(w.root, path)]); err != nil {
		w.errs = append(w.errs, err)
		return
	}
	if !contains(mutabilityValues, *value) {
		w.errs = append(w.errs, field.NotSupported(path, string(*value), mutabilityValues))
		return
	}
	if err := check(s, *value, path); err != nil {
		w.errs = append(w.errs, err)
	}
}

func placementError(path *field.Path, place placement, v1 bool) *field.Error {
	switch {
	case !v1:
		return field.Forbidden(path, "may only be used in apiextensions.k8s.io/v1 CustomResourceDefinitions")
	case place == placeRoot:
		return field.Forbidden(path, "must not be used at the root")
	case place == placeMetadata:
		return field.Forbidden(path, "must not be used in metadata")
	case place == placeValueValidation:
		return field.Forbidden(path, "must not be used in allOf, anyOf, oneOf or not")
	}
	return nil
}

// checkMutabilityOn allows only Immutable on arrays and maps.
func checkMutabilityOn(s *Schema, value Mutability, path *field.Path) *field.Error {
	if value != Immutable && isCollection(s) {
		return field.Invalid(path, string(value), "must be Immutable for arrays and for objects with additionalProperties; use x-kubernetes-key-mutability for AddOnly and RemoveOnly")
	}
	return nil
}

// checkItemMutability allows only Immutable on the items of a list and the
// values of a map (and, like checkMutabilityOn, on collections).
func checkItemMutability(s *Schema, value Mutability, path *field.Path) *field.Error {
	if value != Immutable {
		return field.Invalid(path, string(value), "must be Immutable for the items of a list and the values of a map; use x-kubernetes-key-mutability on the list or map for AddOnly and RemoveOnly")
	}
	return nil
}

// checkKeyMutabilityOn allows key mutability only on arrays and maps.
func checkKeyMutabilityOn(s *Schema, _ Mutability, path *field.Path) *field.Error {
	if !isCollection(s) {
		return field.Forbidden(path, "must only be used on arrays and on objects with additionalProperties")
	}
	return nil
}

// isCollection reports whether s is an array or a map (additionalProperties
// allowing values, and no properties).
func isCollection(s *Schema) bool {
	if s.Type == "array" {
		return true
	}
	return s.AdditionalProperties != nil && s.AdditionalProperties.Allows && len(s.Properties) == 0
}
