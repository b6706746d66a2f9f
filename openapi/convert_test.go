package openapi

import (
	"testing"
)

// TestStructuralNodesPublishEveryKeyword converts one node per group of
// keywords and compares it with what kube-apiserver publishes for it.
func TestStructuralNodesPublishEveryKeyword(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"generic keywords", `
type: string
format: date-time
title: When
description: the time
default: "2020-01-01T00:00:00Z"
example: "2021-01-01T00:00:00Z"
nullable: true
externalDocs: {description: docs, url: https://example.com}`, `
type: string
format: date-time
title: When
description: the time
default: "2020-01-01T00:00:00Z"
example: "2021-01-01T00:00:00Z"
nullable: true
externalDocs: {description: docs, url: https://example.com}`},
		{"number bounds", `
type: number
maximum: 10.5
exclusiveMaximum: true
minimum: -1
exclusiveMinimum: true
multipleOf: 0.5`, `
type: number
maximum: 10.5
exclusiveMaximum: true
minimum: -1
exclusiveMinimum: true
multipleOf: 0.5`},
		{"string bounds and enum", `
type: string
maxLength: 5
minLength: 1
pattern: '^[a-z]+$'
enum: [a, bb]`, `
type: string
maxLength: 5
minLength: 1
pattern: '^[a-z]+$'
enum: [a, bb]`},
		{"arrays", `
type: array
maxItems: 3
minItems: 1
uniqueItems: true
items: {type: integer, format: int64}
x-kubernetes-list-type: set`, `
type: array
maxItems: 3
minItems: 1
uniqueItems: true
items: {type: integer, format: int64}
x-kubernetes-list-type: set`},
		{"list maps", `
type: array
x-kubernetes-list-type: map
x-kubernetes-list-map-keys: [name, port]
items:
  type: object
  required: [name, port]
  properties: {name: {type: string}, port: {type: integer}}`, `
type: array
x-kubernetes-list-type: map
x-kubernetes-list-map-keys: [name, port]
items:
  type: object
  required: [name, port]
  properties: {name: {type: string}, port: {type: integer}}`},
		{"objects", `
type: object
required: [a]
maxProperties: 4
minProperties: 1
x-kubernetes-map-type: atomic
properties:
  a: {type: string, default: x}
  b: {type: object, additionalProperties: {type: boolean}, x-kubernetes-map-type: granular}
  c: {type: object, additionalProperties: false}`, `
type: object
required: [a]
maxProperties: 4
minProperties: 1
x-kubernetes-map-type: atomic
properties:
  a: {type: string, default: x}
  b: {type: object, additionalProperties: {type: boolean}, x-kubernetes-map-type: granular}
  c: {type: object, additionalProperties: false}`},
		{"defaults of any JSON type", `
type: object
default: {a: 1, b: [true, null], c: {}}
properties:
  n: {type: integer, default: 0}
  f: {type: number, default: 1.5}
  s: {type: boolean, default: false}
  l: {type: array, items: {type: string}, default: []}`, `
type: object
default: {a: 1, b: [true, null], c: {}}
properties:
  n: {type: integer, default: 0}
  f: {type: number, default: 1.5}
  s: {type: boolean, default: false}
  l: {type: array, items: {type: string}, default: []}`},
		{"preserving unknown fields", `
type: object
x-kubernetes-preserve-unknown-fields: true
additionalProperties: true`, `
type: object
x-kubernetes-preserve-unknown-fields: true
additionalProperties: true`},
		{"validation rules with every field", `
type: object
x-kubernetes-validations:
- rule: self.a > 0
- rule: self.a < oldSelf.a
  message: must shrink
  messageExpression: "'was ' + string(oldSelf.a)"
  reason: FieldValueForbidden
  fieldPath: .a
  optionalOldSelf: false
properties:
  a: {type: integer}`, `
type: object
x-kubernetes-validations:
- rule: self.a > 0
- rule: self.a < oldSelf.a
  message: must shrink
  messageExpression: "'was ' + string(oldSelf.a)"
  reason: FieldValueForbidden
  fieldPath: .a
  optionalOldSelf: false
properties:
  a: {type: integer}`},
		{"false booleans are not published", `
type: object
nullable: false
uniqueItems: false
exclusiveMaximum: false
x-kubernetes-embedded-resource: false
x-kubernetes-int-or-string: false`, `
type: object`},
		{"both mutability extensions where they are", `
type: object
properties:
  name: {type: string, x-kubernetes-mutability: Immutable}
  zone: {type: string, x-kubernetes-mutability: AddOnly}
  tags:
    type: array
    x-kubernetes-key-mutability: RemoveOnly
    items: {type: string, x-kubernetes-mutability: Immutable}
  labels:
    type: object
    x-kubernetes-key-mutability: AddOnly
    additionalProperties: {type: string}`, `
type: object
properties:
  name: {type: string, x-kubernetes-mutability: Immutable}
  zone: {type: string, x-kubernetes-mutability: AddOnly}
  tags:
    type: array
    x-kubernetes-key-mutability: RemoveOnly
    items: {type: string, x-kubernetes-mutability: Immutable}
  labels:
    type: object
    x-kubernetes-key-mutability: AddOnly
    additionalProperties: {type: string}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertJSON(t, convertStructural(parseSchema(t, c.schema)), c.want)
		})
	}
}

// TestValueValidationsDropAdditionalProperties: inside allOf, anyOf, oneOf
// and not, upstream's conversion keeps properties and items but has no
// additionalProperties.
func TestValueValidationsDropAdditionalProperties(t *testing.T) {
	s := parseSchema(t, `
type: object
properties: {a: {type: string}}
allOf:
- properties: {a: {maxLength: 3}}
  additionalProperties: {maxLength: 1}
anyOf:
- items: {minLength: 1}
- required: [a]
oneOf:
- not: {required: [a], additionalProperties: false}
not:
  description: nested generics stay
  minProperties: 2`)
	assertJSON(t, convertStructural(s), `
type: object
properties: {a: {type: string}}
allOf:
- properties: {a: {maxLength: 3}}
anyOf:
- items: {minLength: 1}
- required: [a]
oneOf:
- not: {required: [a]}
not:
  description: nested generics stay
  minProperties: 2`)
}

// TestIntOrStringIsUnfolded covers the shapes of x-kubernetes-int-or-string
// upstream's Unfold distinguishes.
func TestIntOrStringIsUnfolded(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"bare gains the anyOf", `
x-kubernetes-int-or-string: true`, `
x-kubernetes-int-or-string: true
anyOf: [{type: integer}, {type: string}]`},
		{"the anyOf shape stays", `
x-kubernetes-int-or-string: true
anyOf: [{type: integer}, {type: string}]`, `
x-kubernetes-int-or-string: true
anyOf: [{type: integer}, {type: string}]`},
		{"the allOf shape stays", `
x-kubernetes-int-or-string: true
allOf:
- anyOf: [{type: integer}, {type: string}]
- pattern: '^[0-9]+$'`, `
x-kubernetes-int-or-string: true
allOf:
- anyOf: [{type: integer}, {type: string}]
- pattern: '^[0-9]+$'`},
		{"another anyOf moves the shape into allOf, first", `
x-kubernetes-int-or-string: true
anyOf: [{minimum: 0}, {pattern: '^[0-9]+%$'}]
allOf: [{maxLength: 4}]`, `
x-kubernetes-int-or-string: true
anyOf: [{minimum: 0}, {pattern: '^[0-9]+%$'}]
allOf:
- anyOf: [{type: integer}, {type: string}]
- maxLength: 4`},
		{"an anyOf with more than the types is another anyOf", `
x-kubernetes-int-or-string: true
anyOf: [{type: integer, minimum: 0}, {type: string}]`, `
x-kubernetes-int-or-string: true
anyOf: [{type: integer, minimum: 0}, {type: string}]
allOf:
- anyOf: [{type: integer}, {type: string}]`},
		{"an explicitly empty list counts as set", `
x-kubernetes-int-or-string: true
anyOf: [{type: integer, required: []}, {type: string}]`, `
x-kubernetes-int-or-string: true
anyOf: [{type: integer}, {type: string}]
allOf:
- anyOf: [{type: integer}, {type: string}]`},
		{"the order of the types matters", `
x-kubernetes-int-or-string: true
anyOf: [{type: string}, {type: integer}]`, `
x-kubernetes-int-or-string: true
anyOf: [{type: string}, {type: integer}]
allOf:
- anyOf: [{type: integer}, {type: string}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assertJSON(t, convertStructural(parseSchema(t, c.schema)), c.want)
		})
	}
}

// TestIntOrStringIsUnfoldedOnEveryStructuralNode: items, properties and
// additionalProperties are visited; the CRD's schema is not changed.
func TestIntOrStringIsUnfoldedOnEveryStructuralNode(t *testing.T) {
	s := parseSchema(t, `
type: object
properties:
  list: {type: array, items: {x-kubernetes-int-or-string: true}}
  map: {type: object, additionalProperties: {x-kubernetes-int-or-string: true}}`)
	assertJSON(t, convertStructural(s), `
type: object
properties:
  list: {type: array, items: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}
  map: {type: object, additionalProperties: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}}`)
	if s.Properties["list"].Items.AnyOf != nil {
		t.Error("the CRD's schema was changed")
	}
}
