package gatewaycrd17

import "github.com/kval-dev/kval/conformance/gatewaycrd/compare"

// immutable: v1.7.0 marks GatewayClass's and XMesh's spec.controllerName
// +k8s:immutable (v1.6.3 wrote the rule as an XValidation). controller-gen
// writes `self == oldSelf` on the field, a transition rule, which runs only
// when the old and the new object both have the field, so it lets an
// optional field be set or cleared. kval writes the rule on the struct,
// with fieldPath .controllerName, comparing presence too, as the Go code
// generated from +k8s:immutable refuses setting, clearing and changing the
// field (conformance/gencrd checks that kval's CRD and that Go code agree).
// Both fields are +required, so an update has them on both sides and both
// rules refuse the same updates, with the same message at the same path.
const immutable = "+k8s:immutable: kval's rule on the struct also compares presence, as the Go code does; on these required fields it refuses what controller-gen's field rule refuses, with the same message and path"

// differences are every difference TestCompareWithReleased and
// TestCompareWithCorpus find: what is left after kval's fixes and
// Gateway's tweaks (package compare, tweaks.go); ReferenceGrant's empty
// subresources object is kval's too (a version with printer columns gets
// one, as controller-gen gives it).
var differences = []compare.Allowed{
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties.controllerName.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1beta1].schema.openAPIV3Schema.properties.spec.properties.controllerName.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1beta1].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.x-k8s.io_xmeshes.yaml", Path: ".spec.versions[v1alpha1].schema.openAPIV3Schema.properties.spec.properties.controllerName.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.x-k8s.io_xmeshes.yaml", Path: ".spec.versions[v1alpha1].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations", Reason: immutable},
}

// standardDifferences are every difference TestCompareStandardWithReleased
// finds: those of the experimental channel but XMesh's (an experimental
// kind); the channel's own rules (package compare, tweaks.go: Standard)
// leave no other difference.
var standardDifferences = []compare.Allowed{
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1].schema.openAPIV3Schema.properties.spec.properties.controllerName.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1beta1].schema.openAPIV3Schema.properties.spec.properties.controllerName.x-kubernetes-validations", Reason: immutable},
	{File: "gateway.networking.k8s.io_gatewayclasses.yaml", Path: ".spec.versions[v1beta1].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations", Reason: immutable},
}
