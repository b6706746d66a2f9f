// Package stdgen generates kval's standard definitions
// (openapi/standard_definitions.json in the main module): the OpenAPI v3
// schemas of the Kubernetes types a CRD's document references (ObjectMeta,
// ListMeta, Status, DeleteOptions, Patch, autoscaling/v1 Scale, and the
// types they use), plus TypeMeta, whose apiVersion and kind every kind and
// list schema publishes.
//
// kube-apiserver takes these from code that openapi-gen generated into
// k8s.io/apiextensions-apiserver, which kval may not import. stdgen derives
// them itself from the same sources: the Go types of k8s.io/apimachinery and
// k8s.io/api (fields, JSON tags and methods by reflection; documentation and
// +tags from the source comments) and, for x-kubernetes-group-version-kind,
// the kinds client-go's scheme registers. It implements the rules of
// openapi-gen that these types use (descriptions, required fields, enforced
// defaults, references, list and map extensions, types with their own
// OpenAPI type) and fails on any other rule, so that a new apimachinery that
// needs more is noticed rather than published wrong.
//
// It lives in the conformance module because it needs k8s.io/api and
// client-go, which the main module does not otherwise depend on. Run it
// with `go run ./conformance/openapi/stdgen/cmd/stdgen` from the repository
// root after updating those modules; conformance/openapi checks that the
// committed file is its output and that every definition equals upstream's.
package stdgen
