package projectcrd

import "github.com/kval-dev/kval/conformance/gatewaycrd/compare"

// clusterAPIDifferences are every difference TestClusterAPI finds: none.
var clusterAPIDifferences = []compare.Allowed{}

// exactlyOneOfWording: controller-gen v0.20.1, which wrote Kueue v0.17.0's
// CRDs (and v0.21.0 too), words +kubebuilder:validation:ExactlyOneOf's
// rule as `[has(self.a),has(self.b)].filter(x,x==true).size() == 1`; the
// later controller-tools that Gateway API v1.7.0's CRDs were generated
// with, and kval, word it `(has(self.a)?1:0)+(has(self.b)?1:0) == 1`
// (conformance/gatewaycrd17 holds kval to that). Both count the fields
// present and compare the count with 1, with the same message: they
// accept and refuse the same objects.
const exactlyOneOfWording = "ExactlyOneOf's rule as the controller-tools of Gateway API v1.7.0 words it (a sum of has() terms); Kueue's controller-gen v0.20.1 filters a list: the same count, the same verdicts and message"

// kueueDifferences are every difference TestKueue finds.
var kueueDifferences = []compare.Allowed{
	{File: "kueue.x-k8s.io_multikueueclusters.yaml", Path: ".spec.versions[v1beta2].schema.openAPIV3Schema.properties.spec.properties.clusterSource.x-kubernetes-validations[0].rule", Reason: exactlyOneOfWording},
	{File: "kueue.x-k8s.io_workloads.yaml", Path: ".spec.versions[v1beta2].schema.openAPIV3Schema.properties.status.properties.admission.properties.podSetAssignments.items.properties.topologyAssignment.properties.slices.items.properties.podCounts.x-kubernetes-validations[0].rule", Reason: exactlyOneOfWording},
	{File: "kueue.x-k8s.io_workloads.yaml", Path: ".spec.versions[v1beta2].schema.openAPIV3Schema.properties.status.properties.admission.properties.podSetAssignments.items.properties.topologyAssignment.properties.slices.items.properties.valuesPerLevel.items.x-kubernetes-validations[0].rule", Reason: exactlyOneOfWording},
}
