package gatewaycrd

// allowed is one reviewed difference between kval's CRD and the released
// one: where, and why it is not kval's mistake.
type allowed struct {
	file, path, reason string
}

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
// required lists, versions by name) and Gateway's tweaks (tweaks_test.go).
var differences = []allowed{
	{"gateway.networking.k8s.io_referencegrants.yaml", ".spec.versions[v1].subresources", emptySubresources},
	{"gateway.networking.k8s.io_referencegrants.yaml", ".spec.versions[v1beta1].subresources", emptySubresources},
}

// explain splits the differences found into those listed and those not,
// and returns the listed ones that were not found.
func explain(found []difference) (unexplained []difference, unused []allowed) {
	seen := map[allowed]bool{}
	for _, d := range found {
		matched := false
		for _, a := range differences {
			if a.file == d.file && a.path == d.path {
				matched, seen[a] = true, true
			}
		}
		if !matched {
			unexplained = append(unexplained, d)
		}
	}
	for _, a := range differences {
		if !seen[a] {
			unused = append(unused, a)
		}
	}
	return unexplained, unused
}
