// Package engine compiles one version of a CustomResourceDefinition into a
// Validator and runs kube-apiserver's custom-resource pipeline with it:
//
//	decode:   type-check apiVersion/kind/metadata, prune unknown fields,
//	          drop non-nullable nulls, coerce embedded resources, default
//	validate: (later stages) values, list types, metadata, CEL, mutability
//
// Everything that depends only on the schema is computed once in Compile; the
// per-object path walks the object and nothing else.
package engine
