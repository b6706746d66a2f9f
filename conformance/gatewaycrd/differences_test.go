package gatewaycrd

import "github.com/kval-dev/kval/conformance/gatewaycrd/compare"

// differences are every difference TestCompareWithReleased finds: none,
// after kval's fixes (types declared as other named types, sorted
// required lists, versions by name, the empty subresources object
// controller-gen gives a version with printer columns, as ReferenceGrant's)
// and Gateway's tweaks (package compare, tweaks.go).
var differences = []compare.Allowed{}

// standardDifferences are every difference TestCompareStandardWithReleased
// finds: none either; the channel's own rules (package compare, tweaks.go:
// Standard) leave no difference.
var standardDifferences = []compare.Allowed{}
