// Package engine compiles one version of a CustomResourceDefinition into a
// Validator and runs kube-apiserver's custom-resource pipeline with it:
//
//	decode:   type-check apiVersion/kind/metadata, prune unknown fields,
//	          drop non-nullable nulls, coerce embedded resources, default
//	validate: type and object meta, values, scale, embedded resources, list
//	          types, x-kubernetes-validations (CEL), and on updates the
//	          mutability extensions: upstream's checks in upstream's order,
//	          then kval's own
//
// Everything that depends only on the schema is computed once in Compile; the
// per-object path walks the object and nothing else.
package engine
