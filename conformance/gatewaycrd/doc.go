// Package gatewaycrd proves `kval gen crd` against controller-gen on a real
// API: it generates the CRDs of Gateway API's Go types (the
// sigs.k8s.io/gateway-api v1.6.3 module: apis/v1, v1beta1, v1alpha2,
// v1alpha3 and apisx/v1alpha1) with package gen/crd and compares each with
// the CRD released in the module's config/crd/experimental, which Gateway's
// generator made with controller-tools' CRD parser.
//
// Gateway's generator does more than controller-gen: it adds three
// annotations (the run adds api-approved.kubernetes.io with
// Options.Annotations, from the module's consts, because kube-apiserver
// refuses the CRDs without it) and rewrites schemas by the <gateway:...>
// tags of doc comments (tweaks_test.go redoes that, from the tags, on
// kval's output).
// Those tags are in comment text, not + markers, so kval never sees them as
// markers; the run still ignores the gateway: prefix so that a +gateway:
// marker, should one appear, is left to Gateway's tooling too.
//
// The comparison (compare_test.go) leaves out descriptions, which both
// generators write from the same comments but Gateway's generator edits
// (it drops <gateway:util:excludeFromCRD> blocks), and the bundle-version
// and channel annotations, which name the release rather than describe the
// API. Every other difference must be in differences_test.go with its
// reason. Then every example of the module is validated by kval's engine
// with both sets of CRDs and must get the same verdict and errors
// (examples_test.go).
package gatewaycrd
