package gatewaycrd

import "github.com/kval-dev/kval/conformance/gatewaycrd/compare"

// emptySubresources: the released ReferenceGrant CRD, whose types carry no
// subresource marker, has `subresources: {}` in each version, and kval
// writes no subresources key. controller-tools' parser sets no
// subresources for such a kind (NeedCRDFor in pkg/crd/spec.go); the empty
// object appears on the way to the file, in the conversions Gateway's
// generator runs the CRD through. An object with neither status nor scale
// enables no subresource: kube-apiserver serves the same API either way.
const emptySubresources = "an empty subresources object (released) and none (kval) both mean no subresources"

// differences are every difference TestCompareWithReleased finds: what is
// left after kval's fixes (types declared as other named types, sorted
// required lists, versions by name) and Gateway's tweaks (package compare, tweaks.go).
var differences = []compare.Allowed{
	{File: "gateway.networking.k8s.io_referencegrants.yaml", Path: ".spec.versions[v1].subresources", Reason: emptySubresources},
	{File: "gateway.networking.k8s.io_referencegrants.yaml", Path: ".spec.versions[v1beta1].subresources", Reason: emptySubresources},
}

// standardDifferences are every difference TestCompareStandardWithReleased
// finds: only the empty subresources of ReferenceGrant, as in the
// experimental channel; the channel's own rules (package compare,
// tweaks.go: Standard) leave no other difference.
var standardDifferences = []compare.Allowed{
	{File: "gateway.networking.k8s.io_referencegrants.yaml", Path: ".spec.versions[v1].subresources", Reason: emptySubresources},
	{File: "gateway.networking.k8s.io_referencegrants.yaml", Path: ".spec.versions[v1beta1].subresources", Reason: emptySubresources},
}
