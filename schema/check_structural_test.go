package schema

import "testing"

func TestCheckStructural(t *testing.T) {
	const notStructural = "must be empty to be structural"
	runCheckCases(t, []checkCase{
		{"array without items", crdWith("type: array"), []string{specPath + ".items: Required value: must be specified"}},
		{"missing types", crdWith("type: object\nproperties:\n  a: {}\n  b: {type: array, items: {}}"), []string{
			specPath + ".properties[a].type: Required value: must not be empty for specified object fields",
			specPath + ".properties[b].items.type: Required value: must not be empty for specified array items",
		}},
		{"missing root type", crdWithRoot("properties: {spec: {type: object}}"), []string{
			rootPath + ".type: Required value: must not be empty at the root",
		}},
		{"root not an object", crdWithRoot("type: string"), []string{rootPath + `.type: Invalid value: "string": must be object at the root`}},
		{"additionalProperties at the root", crdWithRoot("type: object\nadditionalProperties: {type: string}"), []string{
			rootPath + ".additionalProperties: Forbidden: must not be used at the root",
		}},
		{"int-or-string with preserve", crdWith("x-kubernetes-int-or-string: true\nx-kubernetes-preserve-unknown-fields: true"), []string{
			specPath + ".x-kubernetes-preserve-unknown-fields: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
		}},
		{"int-or-string embedded", crdWith("type: object\nx-kubernetes-int-or-string: true\nx-kubernetes-embedded-resource: true\nproperties: {a: {type: string}}"), []string{
			specPath + ".x-kubernetes-embedded-resource: Invalid value: true: must be false if x-kubernetes-int-or-string is true",
		}},
		{"int-or-string anyOf pattern", crdWith("x-kubernetes-int-or-string: true\nanyOf: [{type: integer}, {type: string}]"), nil},
		{"int-or-string allOf pattern", crdWith("x-kubernetes-int-or-string: true\nallOf: [{anyOf: [{type: integer}, {type: string}]}, {maxLength: 3}]"), nil},
		{"int-or-string pattern with extra keyword", crdWith("x-kubernetes-int-or-string: true\nanyOf: [{type: integer, minimum: 0}, {type: string}]"), []string{
			specPath + ".anyOf[0].type: Forbidden: " + notStructural,
			specPath + ".anyOf[1].type: Forbidden: " + notStructural,
		}},
		{"int-or-string pattern with explicit empty list", crdWith("x-kubernetes-int-or-string: true\nanyOf: [{type: integer, required: []}, {type: string}]"), []string{
			specPath + ".anyOf[0].type: Forbidden: " + notStructural,
			specPath + ".anyOf[1].type: Forbidden: " + notStructural,
		}},
		{"int-or-string pattern ignores additionalProperties false and empty enum", crdWith("x-kubernetes-int-or-string: true\nanyOf: [{type: integer, additionalProperties: false}, {type: string, enum: []}]"), nil},
		{"embedded resource", crdWith("type: string\nx-kubernetes-embedded-resource: true"), []string{
			specPath + ".properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
			specPath + `.type: Invalid value: "string": must be object if x-kubernetes-embedded-resource is true`,
		}},
		{"embedded resource with additionalProperties", crdWith("type: object\nx-kubernetes-embedded-resource: true\nadditionalProperties: {type: string}"), []string{
			specPath + ".additionalProperties: Forbidden: must not be used if x-kubernetes-embedded-resource is set",
			specPath + ".properties: Required value: must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
		}},
		{"embedded resource fields", crdWith("type: object\nx-kubernetes-embedded-resource: true\nproperties: {kind: {type: integer}, apiVersion: {type: object}, metadata: {type: string}}"), []string{
			specPath + `.properties[apiVersion].type: Invalid value: "object": must be string`,
			specPath + `.properties[kind].type: Invalid value: "integer": must be string`,
			specPath + `.properties[metadata].type: Invalid value: "string": must be object`,
		}},
		{"kind and metadata outside resources are free", crdWith("type: object\nproperties: {kind: {type: integer}, metadata: {type: string}}"), nil},
		{"root metadata restricted", crdWithRoot("type: object\nproperties: {metadata: {type: object, properties: {name: {type: string}, labels: {type: object}}}}"), []string{
			rootPath + ".properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
		}},
		{"root metadata name and generateName", crdWithRoot("type: object\nproperties: {metadata: {type: object, properties: {name: {type: string, maxLength: 3}, generateName: {type: string}}}}"), nil},
		{"root metadata explicit empty list", crdWithRoot("type: object\nproperties: {metadata: {type: object, required: []}}"), []string{
			rootPath + ".properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified",
		}},
		{"root metadata not an object", crdWithRoot("type: object\nproperties: {metadata: {type: string}}"), []string{
			rootPath + `.properties[metadata].type: Invalid value: "string": must be object`,
		}},
		{"nested value validations", crdWith(`
type: object
properties: {a: {type: string}, m: {type: object, additionalProperties: {type: string}}}
anyOf: [{type: object, default: x, title: t, description: d, nullable: true}]
oneOf: [{x-kubernetes-preserve-unknown-fields: true, x-kubernetes-embedded-resource: true, x-kubernetes-int-or-string: true}]
allOf:
- {x-kubernetes-list-type: atomic, x-kubernetes-map-type: atomic, x-kubernetes-validations: [{rule: "true"}]}
- {properties: {metadata: {maxProperties: 1}, m: {additionalProperties: true}}}
- {additionalProperties: false}
not: {items: {type: string}, properties: {a: {pattern: "("}}}`), []string{
			specPath + ".allOf[0].x-kubernetes-list-type: Forbidden: must be undefined to be structural",
			specPath + ".allOf[0].x-kubernetes-map-type: Forbidden: must be undefined to be structural",
			specPath + ".allOf[0].x-kubernetes-validations: Forbidden: must be empty to be structural",
			specPath + ".allOf[1].properties[m].additionalProperties: Forbidden: must be undefined to be structural",
			specPath + ".allOf[1].properties[metadata]: Forbidden: must not be specified in a nested context",
			specPath + ".anyOf[0].default: Forbidden: must be undefined to be structural",
			specPath + ".anyOf[0].description: Forbidden: " + notStructural,
			specPath + ".anyOf[0].nullable: Forbidden: must be false to be structural",
			specPath + ".anyOf[0].title: Forbidden: " + notStructural,
			specPath + ".anyOf[0].type: Forbidden: " + notStructural,
			specPath + ".not.items.type: Forbidden: " + notStructural,
			specPath + `.not.properties[a].pattern: Invalid value: "(": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): ` + "`(`",
			specPath + ".oneOf[0].x-kubernetes-embedded-resource: Forbidden: must be false to be structural",
			specPath + ".oneOf[0].x-kubernetes-int-or-string: Forbidden: must be false to be structural",
			specPath + ".oneOf[0].x-kubernetes-preserve-unknown-fields: Forbidden: must be false to be structural",
			specPath + ".allOf[0].type: Required value: must be object if x-kubernetes-map-type is specified",
			specPath + ".allOf[0].type: Required value: must be array if x-kubernetes-list-type is specified",
		}},
		{"pattern", crdWith("type: string\npattern: '[z-a]'"), []string{
			specPath + `.pattern: Invalid value: "[z-a]": must be a valid regular expression, but isn't: error parsing regexp: invalid character class range: ` + "`z-a`",
		}},
		{"completeness at the root", crdWithRoot(`
type: object
properties: {spec: {type: object, properties: {a: {type: string}}}, list: {type: array, items: {type: object}}}
anyOf: [{properties: {spec: {properties: {b: {minLength: 1}}}}}, {properties: {status: {}}}]
allOf: [{properties: {list: {items: {properties: {x: {}}}}}}, {properties: {spec: {items: {}}}}]
not: {anyOf: [{properties: {other: {}}}]}`), []string{
			rootPath + ".properties[list].items.properties[x]: Required value: because it is defined in " + rootPath + ".allOf[0].properties[list].items.properties[x]",
			rootPath + ".properties[other]: Required value: because it is defined in " + rootPath + ".not.anyOf[0].properties[other]",
			rootPath + ".properties[spec].items: Required value: because it is defined in " + rootPath + ".allOf[1].properties[spec].items",
			rootPath + ".properties[spec].properties[b]: Required value: because it is defined in " + rootPath + ".anyOf[0].properties[spec].properties[b]",
			rootPath + ".properties[status]: Required value: because it is defined in " + rootPath + ".anyOf[1].properties[status]",
		}},
		{"completeness is only checked at the root", crdWith("type: object\nproperties: {a: {type: string}}\nanyOf: [{properties: {deep: {}}}]"), nil},
		{"status subresource restricts the root", crdWithRoot("type: object\nminProperties: 1\nproperties: {spec: {type: object}}") + "    subresources: {status: {}}\n", []string{
			rootPath + `: Invalid value: {"ID":"","Schema":"","Ref":null,"Description":"","Type":"object","Nullable":false,"Format":"","Title":"","Default":null,"Maximum":null,"ExclusiveMaximum":false,"Minimum":null,"ExclusiveMinimum":false,"MaxLength":null,"MinLength":null,"Pattern":"","MaxItems":null,"MinItems":null,"UniqueItems":false,"MultipleOf":null,"Enum":null,"MaxProperties":null,"MinProperties":1,"Required":null,"Items":null,"AllOf":null,"OneOf":null,"AnyOf":null,"Not":null,"Properties":{"spec":{"ID":"","Schema":"","Ref":null,"Description":"","Type":"object","Nullable":false,"Format":"","Title":"","Default":null,"Maximum":null,"ExclusiveMaximum":false,"Minimum":null,"ExclusiveMinimum":false,"MaxLength":null,"MinLength":null,"Pattern":"","MaxItems":null,"MinItems":null,"UniqueItems":false,"MultipleOf":null,"Enum":null,"MaxProperties":null,"MinProperties":null,"Required":null,"Items":null,"AllOf":null,"OneOf":null,"AnyOf":null,"Not":null,"Properties":null,"AdditionalProperties":null,"PatternProperties":null,"Dependencies":null,"AdditionalItems":null,"Definitions":null,"ExternalDocs":null,"Example":null,"XPreserveUnknownFields":null,"XEmbeddedResource":false,"XIntOrString":false,"XListMapKeys":null,"XListType":null,"XMapType":null,"XValidations":null}},"AdditionalProperties":null,"PatternProperties":null,"Dependencies":null,"AdditionalItems":null,"Definitions":null,"ExternalDocs":null,"Example":null,"XPreserveUnknownFields":null,"XEmbeddedResource":false,"XIntOrString":false,"XListMapKeys":null,"XListType":null,"XMapType":null,"XValidations":null}: only [Description Type Format Title Maximum ExclusiveMaximum Minimum ExclusiveMinimum MaxLength MinLength Pattern MaxItems MinItems UniqueItems MultipleOf Required Items Properties ExternalDocs Example XPreserveUnknownFields XValidations] fields are allowed at the root of the schema if the status subresource is enabled`,
		}},
		{"status subresource requires an object root", crdWithRoot("type: array\nitems: {type: string}") + "    subresources: {status: {}}\n", []string{
			rootPath + `.type: Invalid value: "array": only "object" is allowed as the type at the root of the schema if the status subresource is enabled`,
			rootPath + `.type: Invalid value: "array": must be object at the root`,
		}},
	})
}
