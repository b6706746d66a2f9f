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
//	resource.go  root types to CRDs: names (plural.go: controller-gen's
//	             default plurals), scope, versions, subresources,
//	             printer columns, the storage version
//	lower.go     with Options.Lower, the mutability extensions rewritten
//	             as CEL transition rules by package lower (kval lower)
//	encode.go    the CRDs as YAML documents
//
// Like package gen, a run never stops at the first problem: every unknown
// or misused marker and every Go shape a CRD cannot express (a recursive
// type, an interface, a float without a marker) is collected as a Problem
// with its file and line, and nothing is written while there is any. A
// misuse only kube-apiserver's checks of the generated CRD catch is
// reported at the marker that wrote the keyword or rule (origin.go); a
// marker on a field outside the JSON form (json:"-", unexported) is a
// problem, since it does nothing; +k8s:memberOf and +k8s:union are refused
// with kval gen's reason.
// Options.IgnorePrefixes names the markers of other tools (gateway:) to
// leave alone; nothing is ignored unless the caller says so.
// Options.Annotations sets annotations no marker gives, such as the
// api-approved.kubernetes.io a *.k8s.io group needs.
//
// Packages outside the modules of the patterns (k8s.io/api, another
// project's API) are foreign (foreign.go): their unknown markers are other
// tools' business, and only controller-gen's markers are read there, so a
// type embedded from them gets controller-gen's schema. Options carry
// controller-gen's generateEmbeddedObjectMeta and allowDangerousTypes.
//
// conformance/gatewaycrd proves the generator against controller-gen:
// Gateway API v1.6.3's 13 CRDs, generated from its Go types with Gateway's
// own <gateway:...> edits redone, equal the released experimental CRDs
// except for descriptions and the release annotations, and its examples
// get the same verdicts with both. conformance/projectcrd does the same
// for Cluster API v1.14.2 (no difference) and Kueue v0.17.0 (the wording
// of three ExactlyOneOf rules, which changed between controller-gen
// versions).
//
// conformance/gencrd proves the generator against package gen: the Go
// code and the CRD generated from one tree of tagged types give the same
// verdicts, error types and field paths on fuzzed creates and updates.
// Messages differ where a tag becomes an OpenAPI keyword (kube-apiserver's
// wording, and for minLength, minItems, min/maxProperties its error type
// Invalid), and for +k8s:maxBytes (a rule's Invalid for TooLong),
// +k8s:format (one error naming the format), +k8s:forbidden (a rule needs a
// message) and +k8s:monotonic (the message cannot name the old value).
// Semantics differ where the Go code stops at +k8s:maxItems,
// +k8s:maxProperties or +k8s:update=NoAddItem|NoRemoveItem and the CRD
// validates the items, where the Go code
// takes an empty list or map for unset, where the Go code ratchets per
// field and a rule on the parent struct per struct, and where the Go code
// checks transition tags of values an update adds and a CRD transition
// rule sees only values in both objects; conformance/gencrd's
// differences_test.go lists each with its reason.
package crd
