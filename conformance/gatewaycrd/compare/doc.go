// Package compare proves `kval gen crd` against controller-gen on a real
// API, at any Gateway API version: it generates the CRDs of Gateway API's
// Go types (apis/v1, v1beta1, v1alpha2, v1alpha3 and apisx/v1alpha1 of the
// sigs.k8s.io/gateway-api module the calling test's module requires) with
// package gen/crd and compares each with the CRD released in that module's
// config/crd/experimental (or a copy of it), which Gateway's generator made
// with controller-tools' CRD parser; GenerateChannel(Standard, ...) does
// the same for the standard channel, config/crd/standard.
// conformance/gatewaycrd runs it on v1.6.3 and conformance/gatewaycrd17, a
// module of its own because v1.7.0 needs Go 1.27, on v1.7.0.
//
// Gateway's generator does more than controller-gen: it adds three
// annotations (the caller adds api-approved.kubernetes.io, from the
// module's consts, because kube-apiserver refuses the CRDs without it) and
// rewrites schemas by the <gateway:...> tags of doc comments (tweaks.go
// redoes that, from the tags, on kval's output). Its standard channel, as
// the released files show it (the generator is not in the module), has the
// CRDs of gateway.networking.k8s.io only, no field tagged
// <gateway:experimental>, the <gateway:standard:validation:...> tags where
// the experimental channel has <gateway:experimental:validation:...> ones,
// and every alpha version with served: false. Those tags are in comment
// text, not + markers, so kval never sees them as markers; the run still
// ignores the gateway: prefix so that a +gateway: marker, should one
// appear, is left to Gateway's tooling too.
//
// The comparison (Check) leaves out descriptions, which both generators
// write from the same comments but Gateway's generator edits (it drops
// <gateway:util:excludeFromCRD> blocks), and the bundle-version and channel
// annotations, which name the release rather than describe the API. Every
// other difference must be allowed by the caller with its reason. Then
// every example of the module is validated by kval's engine with both sets
// of CRDs and must get the same verdict and errors (CheckExamples).
//
// It is a package of the conformance module, not of the main module, so
// that the main module carries no test code; the module of v1.7.0 requires
// the conformance module through a replace directive.
package compare
