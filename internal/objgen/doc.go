// Package objgen builds random objects from a schema, for differential tests,
// fuzzing and benchmarks. A Generator is seeded, so a failure can be replayed.
//
// Objects follow the schema's structure (properties, items,
// additionalProperties, embedded resources, preserved subtrees) and can be
// made hostile on purpose: unknown fields, nulls and values of the wrong JSON
// type are injected with the probabilities of Options. Scalar values respect
// enum, but are otherwise not guaranteed to pass value validation.
package objgen
