// Package objgen builds random objects from a schema, for differential tests,
// fuzzing and benchmarks. A Generator is seeded, so a failure can be replayed.
//
// Objects follow the schema's structure (properties, items,
// additionalProperties, embedded resources, preserved subtrees) and can be
// made hostile on purpose: unknown fields, nulls and values of the wrong JSON
// type are injected with the probabilities of Options. Scalar values respect
// enum; with Options.Valid (see ValidOnly) objects pass value validation:
// formats, patterns (strings are generated from the regular expression),
// lengths, bounds, multipleOf, item and property counts, unique items and
// list-map keys, required properties, defaults of absent properties, and one
// branch of each allOf/anyOf/oneOf.
//
// Violate breaks one keyword at a random place of an object and says which;
// Mutate returns a randomly changed copy, for update tests.
package objgen
