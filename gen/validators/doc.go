// Package validators is the registry of tag validators: one Go type per tag
// family (requiredness, limits, formats, lists, unions, ...), each declaring
// its tag name, the places it may be used (scopes), its arguments and
// payload, its stability level and its documentation, and turning a tag into
// the checks the generated code must call.
//
// The generator (package gen) walks the types, and for every type, field,
// list value, map key or map value asks the registry for the validations of
// the tags written there. A validator may need to see its sibling tags
// before it can decide (a list's +k8s:listMapKey before its +k8s:eachVal, all
// +k8s:unionMember fields of a struct before the union check): it returns a
// Later, which the generator resolves once every tag of the place (Here) or of
// the enclosing struct (Enclosing) has been read.
//
// A Registry holds the state shared between tags of one run (list metadata,
// union members, modes, update constraints), so every run builds its own.
//
// Errors carry what is wrong and, where it helps, how to fix it; the
// registry adds the tag and its position.
package validators
