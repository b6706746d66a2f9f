// Package crd is `kval gen crd`: it turns Go API types, their +k8s: tags,
// seed 000's mutability markers and controller-gen's +kubebuilder: markers
// into CustomResourceDefinitions, so an API declared once as Go types gets
// both its Go validation (package gen) and its CRD from the same source.
//
// A run goes through these steps, one file each:
//
//	load.go      load the packages (go/packages) with syntax and types;
//	             decls.go finds the comments of types, fields and constants,
//	             reading packages outside the patterns (metav1) on demand
//	markers*.go  the one table of markers (markers_table.go): what each
//	             marker means, where it may be written, and its parser; the
//	             docs and the tests derive from the table
//	build*.go    Go types to structural schemas, as controller-gen does
//	             (JSON names, omitempty and omitzero, inlined structs, the
//	             well-known types of known.go, enums from constants)
//	rules.go     +k8s: tags with no OpenAPI keyword become
//	             x-kubernetes-validations with the generated Go code's
//	             messages
//	resource.go  root types to CRDs: names, scope, versions, subresources,
//	             printer columns, the storage version
//	encode.go    the CRDs as YAML documents
//
// Like package gen, a run never stops at the first problem: every unknown
// or misused marker and every Go shape a CRD cannot express (a recursive
// type, an interface, a float without a marker) is collected as a Problem
// with its file and line, and nothing is written while there is any.
package crd
