package schema

import (
	"strings"
	"testing"
)

// Each placement rule of seed 000 for x-kubernetes-mutability and
// x-kubernetes-key-mutability, and each decision kval made where the seed is open.
func TestCheckMutabilityPlacement(t *testing.T) {
	const (
		mut = ".x-kubernetes-mutability"
		key = ".x-kubernetes-key-mutability"
	)
	runCheckCases(t, []checkCase{
		// Allowed placements.
		{"any value on a scalar field", crdWith(`
type: object
properties:
  a: {type: string, x-kubernetes-mutability: Immutable}
  b: {type: string, x-kubernetes-mutability: AddOnly}
  c: {type: string, x-kubernetes-mutability: RemoveOnly}`), nil},
		{"any value on a struct", crdWith("type: object\nx-kubernetes-mutability: AddOnly\nproperties: {a: {type: string}}"), nil},
		{"Immutable on arrays and maps", crdWith(`
type: object
properties:
  list: {type: array, items: {type: string}, x-kubernetes-mutability: Immutable}
  map: {type: object, additionalProperties: {type: string}, x-kubernetes-mutability: Immutable}`), nil},
		{"key mutability on arrays and maps", crdWith(`
type: object
properties:
  list: {type: array, items: {type: string}, x-kubernetes-key-mutability: AddOnly}
  set: {type: array, x-kubernetes-list-type: set, items: {type: string}, x-kubernetes-key-mutability: RemoveOnly}
  map: {type: object, additionalProperties: {type: string}, x-kubernetes-key-mutability: Immutable}
  any: {type: object, additionalProperties: true, x-kubernetes-key-mutability: Immutable}`), nil},
		{"items of lists and values of maps", crdWith(`
type: object
properties:
  list: {type: array, items: {type: string, x-kubernetes-mutability: Immutable}}
  map: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: Immutable}}`), nil},
		{"apiVersion and kind of an embedded resource", crdWith(`
type: object
x-kubernetes-embedded-resource: true
properties:
  kind: {type: string, x-kubernetes-mutability: Immutable}
  apiVersion: {type: string, x-kubernetes-mutability: Immutable}`), nil},
		{"a field named metadata outside a resource", crdWith("type: object\nproperties: {metadata: {type: string, x-kubernetes-mutability: Immutable}}"), nil},

		{"fields of list items are fields again", crdWith(`
type: object
properties:
  list: {type: array, items: {type: object, properties: {a: {type: string, x-kubernetes-mutability: AddOnly}}}}`), nil},

		// Forbidden placements.
		{"AddOnly and RemoveOnly on list items and map values", crdWith(`
type: object
properties:
  list: {type: array, items: {type: string, x-kubernetes-mutability: AddOnly}}
  map: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: RemoveOnly}}`), []string{
			`spec.validation.openAPIV3Schema.properties[spec].properties[list].items` + mut + `: Invalid value: "AddOnly": must be Immutable for the items of a list and the values of a map; use x-kubernetes-key-mutability on the list or map for AddOnly and RemoveOnly`,
			`spec.validation.openAPIV3Schema.properties[spec].properties[map].additionalProperties` + mut + `: Invalid value: "RemoveOnly": must be Immutable for the items of a list and the values of a map; use x-kubernetes-key-mutability on the list or map for AddOnly and RemoveOnly`,
		}},
		{"root", crdWithRoot("type: object\nx-kubernetes-mutability: Immutable\nx-kubernetes-key-mutability: Immutable"), []string{
			rootPath + mut + ": Forbidden: must not be used at the root",
			rootPath + key + ": Forbidden: must not be used at the root",
		}},
		{"root metadata", crdWithRoot("type: object\nproperties: {metadata: {type: object, x-kubernetes-mutability: Immutable}}"), []string{
			rootPath + ".properties[metadata]" + mut + ": Forbidden: must not be used in metadata",
		}},
		{"inside embedded metadata", crdWith(`
type: object
x-kubernetes-embedded-resource: true
properties:
  metadata:
    type: object
    properties:
      labels: {type: object, additionalProperties: {type: string}, x-kubernetes-key-mutability: AddOnly}
      name: {type: string, x-kubernetes-mutability: Immutable}`), []string{
			specPath + ".properties[metadata].properties[labels]" + key + ": Forbidden: must not be used in metadata",
			specPath + ".properties[metadata].properties[name]" + mut + ": Forbidden: must not be used in metadata",
		}},
		{"key mutability on a struct", crdWith("type: object\nproperties: {a: {type: string}}\nx-kubernetes-key-mutability: Immutable"), []string{
			specPath + key + ": Forbidden: must only be used on arrays and on objects with additionalProperties",
		}},
		{"key mutability on a struct with additionalProperties true", crdWith("type: object\nproperties: {a: {type: string}}\nadditionalProperties: true\nx-kubernetes-key-mutability: Immutable"), []string{
			specPath + key + ": Forbidden: must only be used on arrays and on objects with additionalProperties",
		}},
		{"key mutability with additionalProperties false", crdWith("type: object\nadditionalProperties: false\nx-kubernetes-key-mutability: Immutable"), []string{
			specPath + key + ": Forbidden: must only be used on arrays and on objects with additionalProperties",
		}},
		{"key mutability on a scalar", crdWith("type: string\nx-kubernetes-key-mutability: AddOnly"), []string{
			specPath + key + ": Forbidden: must only be used on arrays and on objects with additionalProperties",
		}},
		{"AddOnly and RemoveOnly not on arrays or maps", crdWith(`
type: object
properties:
  list: {type: array, items: {type: string}, x-kubernetes-mutability: AddOnly}
  map: {type: object, additionalProperties: {type: string}, x-kubernetes-mutability: RemoveOnly}`), []string{
			specPath + ".properties[list]" + mut + `: Invalid value: "AddOnly": must be Immutable for arrays and for objects with additionalProperties; use x-kubernetes-key-mutability for AddOnly and RemoveOnly`,
			specPath + ".properties[map]" + mut + `: Invalid value: "RemoveOnly": must be Immutable for arrays and for objects with additionalProperties; use x-kubernetes-key-mutability for AddOnly and RemoveOnly`,
		}},
		{"only the three values", crdWith("type: object\nx-kubernetes-mutability: Mutable\nx-kubernetes-key-mutability: immutable\nadditionalProperties: {type: string}"), []string{
			specPath + mut + `: Unsupported value: "Mutable": supported values: "AddOnly", "Immutable", "RemoveOnly"`,
			specPath + key + `: Unsupported value: "immutable": supported values: "AddOnly", "Immutable", "RemoveOnly"`,
		}},
		{"not in value validations", crdWith(`
type: string
anyOf: [{maxLength: 3, x-kubernetes-mutability: Immutable}]
allOf: [{x-kubernetes-key-mutability: Immutable}]
oneOf: [{properties: {a: {x-kubernetes-mutability: Immutable}}}]
not: {x-kubernetes-mutability: Immutable}`), []string{
			specPath + ".allOf[0]" + key + ": Forbidden: must not be used in allOf, anyOf, oneOf or not",
			specPath + ".anyOf[0]" + mut + ": Forbidden: must not be used in allOf, anyOf, oneOf or not",
			specPath + ".oneOf[0].properties[a]" + mut + ": Forbidden: must not be used in allOf, anyOf, oneOf or not",
			specPath + ".not" + mut + ": Forbidden: must not be used in allOf, anyOf, oneOf or not",
		}},
		{"misplacement wins over a bad value", crdWithRoot("type: object\nx-kubernetes-mutability: Sometimes"), []string{
			rootPath + mut + ": Forbidden: must not be used at the root",
		}},
	})
}

// "Both extensions can only be set in v1 CRDs on creation."
func TestCheckMutabilityOnlyInV1(t *testing.T) {
	crd := `
apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  version: v1
  preserveUnknownFields: false
  names: {plural: foos, kind: Foo}
  validation:
    openAPIV3Schema:
      type: object
      properties:
        a: {type: string, x-kubernetes-mutability: Immutable}`
	assertErrors(t, errorStrings(checkModel(loadCRD(t, crd))), []string{
		rootPath + ".properties[a].x-kubernetes-mutability: Forbidden: may only be used in apiextensions.k8s.io/v1 CustomResourceDefinitions",
	})
}

// The mutability rules never change which upstream errors are reported.
func TestCheckMutabilityOutsideGating(t *testing.T) {
	crd := crdWith("type: string\n$schema: x\nx-kubernetes-mutability: Sometimes")
	got := errorStrings(checkModel(loadCRD(t, crd)))
	assertErrors(t, got, []string{
		rootPath + `: Invalid value: "": OpenAPIV3Schema 'schema' is not supported`,
		specPath + `.x-kubernetes-mutability: Unsupported value: "Sometimes": supported values: "AddOnly", "Immutable", "RemoveOnly"`,
	})
	if strings.Contains(strings.Join(got, ""), "must not be used at the root") {
		t.Error("unexpected root error")
	}
}
