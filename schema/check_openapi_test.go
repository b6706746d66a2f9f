package schema

import "testing"

const typesDetail = `supported values: "array", "boolean", "integer", "number", "object", "string"`

func TestCheckKeywords(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"valid schema", crdWith("type: object\nproperties:\n  a: {type: string}"), nil},
		{"unknown type", crdWith("type: foo"), []string{
			specPath + `.type: Unsupported value: "foo": ` + typesDetail,
		}},
		{"type null", crdWith("type: 'null'"), []string{
			specPath + `.type: Unsupported value: "null": ` + typesDetail,
			specPath + `.type: Forbidden: type cannot be set to null, use nullable as an alternative`,
		}},
		{"id", crdWith("type: string\nid: x"), []string{specPath + ".id: Forbidden: id is not supported"}},
		{"$ref, even empty", crdWith("type: string\n$ref: ''"), []string{specPath + ".$ref: Forbidden: $ref is not supported"}},
		{"patternProperties", crdWith("type: object\npatternProperties: {a: {type: string}}"), []string{
			specPath + ".patternProperties: Forbidden: patternProperties is not supported",
		}},
		{"definitions, checked inside", crdWith("type: object\ndefinitions: {x: {type: foo}}"), []string{
			specPath + ".definitions: Forbidden: definitions is not supported",
			specPath + `.definitions[x].type: Unsupported value: "foo": ` + typesDetail,
		}},
		{"dependencies, even empty", crdWith("type: object\ndependencies: {}"), []string{
			specPath + ".dependencies: Forbidden: dependencies is not supported",
		}},
		{"additionalItems", crdWith("type: array\nitems: {type: string}\nadditionalItems: false"), []string{
			specPath + ".additionalItems: Forbidden: additionalItems is not supported",
		}},
		{"items array", crdWith("type: array\nitems: [{type: string}]"), []string{
			specPath + ".items: Forbidden: items must be a schema object and not an array",
		}},
		{"empty items array is no items", crdWith("type: array\nitems: []"), []string{
			specPath + ".items: Required value: must be specified",
		}},
		{"$schema only fails conversion, shown alone", crdWith("type: string\n$schema: x"), []string{
			rootPath + `: Invalid value: "": OpenAPIV3Schema 'schema' is not supported`,
		}},
		{"conversion error hidden by other errors", crdWith("type: object\nproperties:\n  a: {type: string, $schema: x}\n  b: {type: string, uniqueItems: true}"), []string{
			specPath + ".properties[b].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
		}},
		{"uniqueItems", crdWith("type: array\nitems: {type: string}\nuniqueItems: true"), []string{
			specPath + ".uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
		}},
		{"properties with additionalProperties", crdWith("type: object\nproperties: {a: {type: string}}\nadditionalProperties: false"), []string{
			specPath + ".additionalProperties: Forbidden: additionalProperties and properties are mutual exclusive",
		}},
		{"properties with additionalProperties true", crdWith("type: object\nproperties: {a: {type: string}}\nadditionalProperties: true"), nil},
		{"preserve-unknown-fields false", crdWith("type: object\nx-kubernetes-preserve-unknown-fields: false"), []string{
			specPath + ".x-kubernetes-preserve-unknown-fields: Invalid value: false: must be true or undefined",
		}},
		{"nullable root", crdWithRoot("type: object\nnullable: true"), []string{
			rootPath + ".nullable: Forbidden: nullable cannot be true at the root",
		}},
	})
}

func TestCheckDefaultsPlacement(t *testing.T) {
	runCheckCases(t, []checkCase{
		{"top-level meta", crdWithRoot(`
type: object
properties:
  metadata: {type: object, properties: {name: {type: string, default: x}}}
  apiVersion: {type: string, default: v1}
  kind: {type: string, default: K}`), []string{
			rootPath + ".properties[apiVersion].default: Forbidden: must not be set in top-level apiVersion",
			rootPath + ".properties[kind].default: Forbidden: must not be set in top-level kind",
			rootPath + ".properties[metadata].properties[name].default: Forbidden: must not be set in top-level metadata",
		}},
		{"additionalProperties in embedded metadata", crdWith(`
type: object
x-kubernetes-embedded-resource: true
properties:
  metadata:
    type: object
    properties:
      labels: {type: object, additionalProperties: {type: string, default: v}}`), []string{
			specPath + ".properties[metadata].properties[labels].additionalProperties.default: Forbidden: must not be set inside additionalProperties applying to object metadata",
		}},
		{"embedded resource inside meta", crdWith(`
type: object
x-kubernetes-embedded-resource: true
properties:
  metadata:
    type: object
    properties:
      name: {type: object, x-kubernetes-embedded-resource: true, properties: {a: {type: string}}}`), []string{
			specPath + ".properties[metadata].properties[name].x-kubernetes-embedded-resource: Forbidden: must not be used inside of resource meta",
		}},
		{"defaults require preserveUnknownFields false", `
apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  version: v1
  names: {plural: foos, kind: Foo}
  validation:
    openAPIV3Schema: {type: object, properties: {a: {type: string, default: x}}}`, []string{
			"spec.preserveUnknownFields: Invalid value: true: must be false in order to use defaults in the schema",
			"spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
		}},
	})
}

func TestCheckMapAndListTypes(t *testing.T) {
	const atomicSet = "must be atomic as item of a list with x-kubernetes-list-type=set"
	runCheckCases(t, []checkCase{
		{"map-type on string", crdWith("type: string\nx-kubernetes-map-type: atomic"), []string{
			specPath + `.type: Invalid value: "string": must be object if x-kubernetes-map-type is specified`,
		}},
		{"map-type without type", crdWith("x-kubernetes-preserve-unknown-fields: true\nx-kubernetes-map-type: atomic"), []string{
			specPath + ".type: Required value: must be object if x-kubernetes-map-type is specified",
		}},
		{"map-type value", crdWith("type: object\nx-kubernetes-map-type: weird"), []string{
			specPath + `.x-kubernetes-map-type: Unsupported value: "weird": supported values: "atomic", "granular"`,
		}},
		{"list-type on string", crdWith("type: string\nx-kubernetes-list-type: atomic"), []string{
			specPath + `.type: Invalid value: "string": must be array if x-kubernetes-list-type is specified`,
		}},
		{"list-type value", crdWith("type: array\nitems: {type: string}\nx-kubernetes-list-type: bag"), []string{
			specPath + `.x-kubernetes-list-type: Unsupported value: "bag": supported values: "atomic", "set", "map"`,
		}},
		{"set of granular objects", crdWith("type: array\nx-kubernetes-list-type: set\nitems: {type: object}"), []string{
			specPath + ".items.x-kubernetes-map-type: Invalid value: null: " + atomicSet,
		}},
		{"set of sets", crdWith("type: array\nx-kubernetes-list-type: set\nitems: {type: array, items: {type: string}, x-kubernetes-list-type: set}"), []string{
			specPath + `.items.x-kubernetes-list-type: Invalid value: "set": ` + atomicSet,
		}},
		{"set of nullable items", crdWith("type: array\nx-kubernetes-list-type: set\nitems: {type: string, nullable: true}"), []string{
			specPath + ".items.nullable: Forbidden: cannot be nullable when x-kubernetes-list-type is set",
		}},
		{"set of atomic objects", crdWith("type: array\nx-kubernetes-list-type: set\nitems: {type: object, x-kubernetes-map-type: atomic}"), nil},
		{"map keys without list type", crdWith("type: array\nx-kubernetes-list-map-keys: [k]\nitems: {type: object, required: [k], properties: {k: {type: string}}}"), []string{
			specPath + ".x-kubernetes-list-type: Required value: must be map if x-kubernetes-list-map-keys is non-empty",
		}},
		{"map keys on a set", crdWith("type: array\nx-kubernetes-list-type: set\nx-kubernetes-list-map-keys: [k]\nitems: {type: object, x-kubernetes-map-type: atomic, required: [k], properties: {k: {type: string}}}"), []string{
			specPath + `.x-kubernetes-list-type: Invalid value: "set": must be map if x-kubernetes-list-map-keys is non-empty`,
		}},
		{"map list without keys", crdWith("type: array\nx-kubernetes-list-type: map\nitems: {type: object}"), []string{
			specPath + ".x-kubernetes-list-map-keys: Required value: must not be empty if x-kubernetes-list-type is map",
		}},
		{"map list without items", crdWith("type: array\nx-kubernetes-list-type: map\nx-kubernetes-list-map-keys: [k]"), []string{
			specPath + ".items: Required value: must be specified",
			specPath + ".items: Required value: must have a schema if x-kubernetes-list-type is map",
		}},
		{"map list of strings", crdWith("type: array\nx-kubernetes-list-type: map\nx-kubernetes-list-map-keys: [k]\nitems: {type: string}"), []string{
			specPath + `.items.type: Invalid value: "string": must be object if parent array's x-kubernetes-list-type is map`,
		}},
		{"map list keys", crdWith(`
type: array
x-kubernetes-list-type: map
x-kubernetes-list-map-keys: [k, o, missing, k]
items:
  type: object
  required: [k]
  properties: {k: {type: string}, o: {type: object}}`), []string{
			specPath + `.items.properties[o].type: Invalid value: "object": must be a scalar type if parent array's x-kubernetes-list-type is map`,
			specPath + `.x-kubernetes-list-map-keys: Invalid value: ["k","o","missing","k"]: entries must all be names of item properties`,
			specPath + `.x-kubernetes-list-map-keys: Invalid value: ["k","o","missing","k"]: must not contain duplicate entries`,
			specPath + ".items.properties[o].default: Required value: this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
		}},
		{"map list key nullable", crdWith(`
type: array
x-kubernetes-list-type: map
x-kubernetes-list-map-keys: [k]
items:
  type: object
  nullable: true
  properties: {k: {type: string, nullable: true, default: x}}`), []string{
			specPath + ".items.nullable: Forbidden: cannot be nullable when x-kubernetes-list-type is map",
			specPath + ".items.properties[k].nullable: Forbidden: this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
		}},
		{"map list items array", crdWith("type: array\nx-kubernetes-list-type: map\nx-kubernetes-list-map-keys: [k]\nitems: []"), []string{
			specPath + ".items: Required value: must be specified",
			specPath + `.items: Invalid value: {"Schema":null,"JSONSchemas":[]}: must only have a single schema if x-kubernetes-list-type is map`,
		}},
	})
}

func TestCheckRulesStatically(t *testing.T) {
	rule := func(r string) string {
		return crdWith("type: object\nproperties:\n  a: {type: integer}\n  m: {type: object, additionalProperties: {type: string}}\nx-kubernetes-validations:\n- " + r)
	}
	const v = specPath + ".x-kubernetes-validations[0]"
	runCheckCases(t, []checkCase{
		{"valid", rule("{rule: self.a > 0, message: positive, fieldPath: .a, reason: FieldValueInvalid}"), nil},
		{"empty rule", rule("{rule: '  '}"), []string{v + ".rule: Required value: rule is not specified"}},
		{"blank message", rule("{rule: x, message: '  '}"), []string{v + `.message: Invalid value: "  ": must be non-empty if specified`}},
		{"message with line break", rule(`{rule: x, message: "a\nb"}`), []string{v + `.message: Invalid value: "a\nb": must not contain line breaks`}},
		{"multi-line rule without message", rule(`{rule: "a >\n0"}`), []string{v + ".message: Required value: message must be specified if rule contains line breaks"}},
		{"blank messageExpression", rule("{rule: x, messageExpression: ' '}"), []string{v + ".messageExpression: Required value: messageExpression must be non-empty if specified"}},
		{"reason", rule("{rule: x, reason: Bad}"), []string{
			v + `.reason: Unsupported value: "Bad": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"`,
		}},
		{"blank fieldPath", rule("{rule: x, fieldPath: ' '}"), []string{
			v + `.fieldPath: Invalid value: " ": must be non-empty if specified`,
			v + `.fieldPath: Invalid value: " ": must be a valid path`,
		}},
		{"fieldPath with line break", rule(`{rule: x, fieldPath: ".a\n"}`), []string{
			v + `.fieldPath: Invalid value: ".a\n": must not contain line breaks`,
			v + `.fieldPath: Invalid value: ".a\n": must be a valid path`,
		}},
		{"fieldPath to unknown field", rule("{rule: x, fieldPath: .b}"), []string{v + `.fieldPath: Invalid value: ".b": must be a valid path`}},
		{"fieldPath into a map", rule("{rule: x, fieldPath: \".m['x y']\"}"), nil},
		{"fieldPath with bad escape", rule(`{rule: x, fieldPath: ".m['a\\q']"}`), []string{v + `.fieldPath: Invalid value: ".m['a\\q']": must be a valid path`}},
		{"fieldPath below a scalar", rule("{rule: x, fieldPath: .a.b}"), []string{v + `.fieldPath: Invalid value: ".a.b": must be a valid path`}},
		{"fieldPath unterminated", rule("{rule: x, fieldPath: \".m['x\"}"), []string{v + `.fieldPath: Invalid value: ".m['x": must be a valid path`}},
	})
}
