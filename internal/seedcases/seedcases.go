// Package seedcases holds the worked examples of seed 000 ("Immutable
// fields"), as schemas and transitions with the values of the extension
// under which each is allowed, for the tests of package mutability and of
// package lower (whose equivalence test runs them through both).
package seedcases

import "github.com/kval-dev/kval/schema"

// Transition is one old-to-new change of a seed 000 example, with the values
// of the extension under which it is allowed.
type Transition struct {
	Old, New string
	Allowed  []schema.Mutability // empty: disallowed for every value
}

var (
	All        = []schema.Mutability{schema.Immutable, schema.AddOnly, schema.RemoveOnly}
	AddOnly    = []schema.Mutability{schema.AddOnly}
	RemoveOnly = []schema.Mutability{schema.RemoveOnly}
	None       []schema.Mutability
)

// Example is one example of seed 000: a schema in which %[1]s is the
// value of the extension under test, and its transitions.
type Example struct {
	Name        string
	Schema      string
	Values      []schema.Mutability // the values the example is about
	Transitions []Transition
}

// Examples are every worked example of seed 000, one per list or map type.
var Examples = []Example{{
	Name:   "1 immutable field",
	Schema: `{type: object, properties: {foo: {type: string, x-kubernetes-mutability: %[1]s}}}`,
	Values: All,
	Transitions: []Transition{
		{`{}`, `{"foo": "a"}`, AddOnly},
		{`{"foo": "a"}`, `{}`, RemoveOnly},
		{`{"foo": "a"}`, `{"foo": "b"}`, None},
		{`{"foo": "a"}`, `{"foo": "a"}`, All},
	},
}, {
	Name:        "2 immutable items, list type unset",
	Schema:      `{type: object, properties: {foo: {type: array, items: {type: object, properties: {x: {type: string}}, x-kubernetes-mutability: %[1]s}}}}`,
	Values:      []schema.Mutability{schema.Immutable},
	Transitions: example2,
}, {
	Name:        "2 immutable items, list type atomic",
	Schema:      `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: atomic, items: {type: object, properties: {x: {type: string}}, x-kubernetes-mutability: %[1]s}}}}`,
	Values:      []schema.Mutability{schema.Immutable},
	Transitions: example2,
}, {
	Name: "3 immutable items, list type map",
	Schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k],
	          items: {type: object, required: [k], properties: {k: {type: string}, v: {type: integer}}, x-kubernetes-mutability: %[1]s}}}}`,
	Values: []schema.Mutability{schema.Immutable},
	Transitions: []Transition{
		{`{}`, `{"foo": [{"k": "a"}]}`, All},
		{`{"foo": [{"k": "a"}]}`, `{}`, All},
		{`{"foo": [{"k": "a"}]}`, `{"foo": [{"k": "a"}, {"k": "b"}]}`, All},
		{`{"foo": [{"k": "a"}]}`, `{"foo": []}`, All},
		{`{"foo": [{"k": "a"}]}`, `{"foo": [{"k": "b"}]}`, All},
		{`{"foo": [{"k": "a"}, {"k": "b"}]}`, `{"foo": [{"k": "b"}, {"k": "a"}]}`, All},
		{`{"foo": [{"k": "a", "v": 1}]}`, `{"foo": [{"k": "a", "v": 2}]}`, None},
		// The seed's open TODO: removing an item and adding one with the
		// same key in one update is a change of that item.
		{`{"foo": [{"k": "a", "v": 1}, {"k": "b"}]}`, `{"foo": [{"k": "b"}, {"k": "a", "v": 2}]}`, None},
	},
}, {
	Name:   "4 immutable items, list type set",
	Schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: set, items: {type: string, x-kubernetes-mutability: %[1]s}}}}`,
	Values: []schema.Mutability{schema.Immutable},
	Transitions: []Transition{
		{`{}`, `{"foo": ["a"]}`, All},
		{`{"foo": ["a"]}`, `{}`, All},
		{`{"foo": ["a"]}`, `{"foo": ["a", "b"]}`, All},
		{`{"foo": ["a"]}`, `{"foo": []}`, All},
		{`{"foo": ["a"]}`, `{"foo": ["b"]}`, All},
		{`{"foo": ["a"]}`, `{"foo": ["b", "a"]}`, All},
	},
}, {
	Name: "4b immutable items, set of atomic maps",
	Schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: set,
	          items: {type: object, x-kubernetes-mutability: %[1]s, x-kubernetes-map-type: atomic, additionalProperties: {type: string}}}}}`,
	Values: []schema.Mutability{schema.Immutable},
	Transitions: []Transition{
		{`{"foo": [{"a": "1"}]}`, `{"foo": [{"a": "2"}]}`, All},
		{`{"foo": [{"a": "1"}, {"b": "2"}]}`, `{"foo": [{"b": "2"}, {"a": "1"}]}`, All},
	},
}, {
	Name:        "5 immutable values, map type unset",
	Schema:      `{type: object, properties: {foo: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: %[1]s}}}}`,
	Values:      []schema.Mutability{schema.Immutable},
	Transitions: example5,
}, {
	Name:        "5 immutable values, map type granular",
	Schema:      `{type: object, properties: {foo: {type: object, x-kubernetes-map-type: granular, additionalProperties: {type: string, x-kubernetes-mutability: %[1]s}}}}`,
	Values:      []schema.Mutability{schema.Immutable},
	Transitions: example5,
}, {
	Name:        "5 immutable values, map type atomic",
	Schema:      `{type: object, properties: {foo: {type: object, x-kubernetes-map-type: atomic, additionalProperties: {type: string, x-kubernetes-mutability: %[1]s}}}}`,
	Values:      []schema.Mutability{schema.Immutable},
	Transitions: example5,
}, {
	Name:        "7 immutable keys, list type unset",
	Schema:      `{type: object, properties: {foo: {type: array, x-kubernetes-key-mutability: %[1]s, items: {type: object, properties: {x: {type: string}}}}}}`,
	Values:      All,
	Transitions: example7,
}, {
	Name:        "7 immutable keys, list type atomic",
	Schema:      `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: atomic, x-kubernetes-key-mutability: %[1]s, items: {type: object, properties: {x: {type: string}}}}}}`,
	Values:      All,
	Transitions: example7,
}, {
	Name: "8 immutable keys, list type map",
	Schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [k], x-kubernetes-key-mutability: %[1]s,
	          items: {type: object, required: [k], properties: {k: {type: string}, v: {type: integer}}}}}}`,
	Values: All,
	Transitions: []Transition{
		{`{}`, `{"foo": []}`, All},
		{`{"foo": []}`, `{}`, All},
		{`{"foo": [{"k": "a", "v": 1}]}`, `{"foo": [{"k": "a", "v": 2}]}`, All},
		{`{"foo": [{"k": "a"}, {"k": "b"}]}`, `{"foo": [{"k": "b"}, {"k": "a"}]}`, All},
		{`{}`, `{"foo": [{"k": "a"}]}`, AddOnly},
		{`{"foo": [{"k": "a"}]}`, `{"foo": [{"k": "a"}, {"k": "b"}]}`, AddOnly},
		{`{"foo": [{"k": "a"}]}`, `{}`, RemoveOnly},
		{`{"foo": [{"k": "a"}]}`, `{"foo": []}`, RemoveOnly},
		{`{"foo": [{"k": "a"}]}`, `{"foo": [{"k": "b"}]}`, None},
	},
}, {
	Name:   "9 immutable keys, list type set",
	Schema: `{type: object, properties: {foo: {type: array, x-kubernetes-list-type: set, x-kubernetes-key-mutability: %[1]s, items: {type: string}}}}`,
	Values: All,
	Transitions: []Transition{
		{`{}`, `{"foo": []}`, All},
		{`{"foo": []}`, `{}`, All},
		{`{"foo": ["a", "b"]}`, `{"foo": ["b", "a"]}`, All},
		{`{"foo": ["a"]}`, `{"foo": ["a", "b"]}`, AddOnly},
		{`{"foo": ["a"]}`, `{"foo": ["b", "a"]}`, AddOnly},
		// The seed lists this under "Disallowed for RemoveOnly, disallowed
		// otherwise", a slip: removing a key is what RemoveOnly allows, as in
		// examples 7, 8 and 10.
		{`{"foo": ["a"]}`, `{"foo": []}`, RemoveOnly},
		{`{"foo": ["a"]}`, `{"foo": ["b"]}`, None},
	},
}, {
	Name:        "10 immutable keys, map type unset",
	Schema:      `{type: object, properties: {foo: {type: object, x-kubernetes-key-mutability: %[1]s, additionalProperties: {type: string}}}}`,
	Values:      All,
	Transitions: example10,
}, {
	Name:        "10 immutable keys, map type granular",
	Schema:      `{type: object, properties: {foo: {type: object, x-kubernetes-map-type: granular, x-kubernetes-key-mutability: %[1]s, additionalProperties: {type: string}}}}`,
	Values:      All,
	Transitions: example10,
}, {
	Name:        "10 immutable keys, map type atomic",
	Schema:      `{type: object, properties: {foo: {type: object, x-kubernetes-map-type: atomic, x-kubernetes-key-mutability: %[1]s, additionalProperties: {type: string}}}}`,
	Values:      All,
	Transitions: example10,
}}

var example2 = []Transition{
	{`{}`, `{"foo": [{"x": "a"}]}`, All},
	{`{"foo": [{"x": "a"}]}`, `{}`, All},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "a"}, {"x": "b"}]}`, All},
	{`{"foo": [{"x": "a"}]}`, `{"foo": []}`, All},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "b"}]}`, None},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "b"}, {"x": "a"}]}`, None},
}

var example5 = []Transition{
	{`{}`, `{"foo": {"a": "1"}}`, All},
	{`{"foo": {"a": "1"}}`, `{}`, All},
	{`{"foo": {"a": "1"}}`, `{"foo": {"a": "1", "b": "2"}}`, All},
	{`{"foo": {"a": "1"}}`, `{"foo": {}}`, All},
	{`{"foo": {"a": "1"}}`, `{"foo": {"b": "1"}}`, All},
	{`{"foo": {"a": "1"}}`, `{"foo": {"a": "2"}}`, None},
}

var example7 = []Transition{
	{`{}`, `{"foo": []}`, All},
	{`{"foo": []}`, `{}`, All},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "b"}]}`, All},
	{`{}`, `{"foo": [{"x": "a"}]}`, AddOnly},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "a"}, {"x": "b"}]}`, AddOnly},
	{`{"foo": [{"x": "a"}]}`, `{"foo": [{"x": "b"}, {"x": "a"}]}`, AddOnly},
	{`{"foo": [{"x": "a"}]}`, `{}`, RemoveOnly},
	{`{"foo": [{"x": "a"}]}`, `{"foo": []}`, RemoveOnly},
}

var example10 = []Transition{
	{`{}`, `{"foo": {}}`, All},
	{`{"foo": {}}`, `{}`, All},
	{`{"foo": {"a": "1"}}`, `{"foo": {"a": "2"}}`, All},
	{`{}`, `{"foo": {"a": "1"}}`, AddOnly},
	{`{"foo": {"a": "1"}}`, `{"foo": {"a": "1", "b": "2"}}`, AddOnly},
	{`{"foo": {"a": "1"}}`, `{}`, RemoveOnly},
	{`{"foo": {"a": "1"}}`, `{"foo": {"b": "1"}}`, None},
}
