package strategy

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// withoutStatus are the kinds of strategies that have no status
// subresource in kube-apiserver (their registry packages have no
// StatusStrategy).
var withoutStatus = []schema.GroupKind{
	{Kind: "ConfigMap"}, {Kind: "Endpoints"}, {Kind: "Event"}, {Kind: "LimitRange"}, {Kind: "PodTemplate"}, {Kind: "Secret"}, {Kind: "ServiceAccount"},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingAdmissionPolicy"},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingAdmissionPolicyBinding"},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingAdmissionPolicyBinding"},
	{Group: "apps", Kind: "ControllerRevision"},
	{Group: "certificates.k8s.io", Kind: "ClusterTrustBundle"},
	{Group: "coordination.k8s.io", Kind: "Lease"}, {Group: "coordination.k8s.io", Kind: "LeaseCandidate"},
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"},
	{Group: "events.k8s.io", Kind: "Event"},
	{Group: "networking.k8s.io", Kind: "IngressClass"}, {Group: "networking.k8s.io", Kind: "IPAddress"}, {Group: "networking.k8s.io", Kind: "NetworkPolicy"},
	{Group: "node.k8s.io", Kind: "RuntimeClass"},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}, {Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"},
	{Group: "rbac.authorization.k8s.io", Kind: "Role"}, {Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"},
	{Group: "resource.k8s.io", Kind: "DeviceClass"}, {Group: "resource.k8s.io", Kind: "ResourceClaimTemplate"}, {Group: "resource.k8s.io", Kind: "ResourceSlice"},
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"},
	{Group: "storage.k8s.io", Kind: "CSIDriver"}, {Group: "storage.k8s.io", Kind: "CSIStorageCapacity"},
	{Group: "storage.k8s.io", Kind: "StorageClass"}, {Group: "storage.k8s.io", Kind: "VolumeAttributesClass"},
}

// Every kind without a status strategy is listed without a status
// subresource, and every listed one has none: a kind wired later must say
// which.
func TestEveryStatusStrategyIsWired(t *testing.T) {
	none := map[schema.GroupKind]bool{}
	for _, gk := range withoutStatus {
		none[gk] = true
		if _, ok := strategies[gk]; !ok {
			t.Errorf("%s: listed without a status subresource, but has no strategy", gk)
		}
	}
	for gk, r := range strategies {
		if wired := r.status != nil; wired == none[gk] {
			t.Errorf("%s: a status strategy %v, listed without one %v: want exactly one", gk, wired, none[gk])
		}
	}
}
