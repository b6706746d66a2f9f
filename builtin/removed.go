package builtin

// removedGroups are the API groups Kubernetes served once and removed
// entirely, with the release that removed them. They are still built-in
// groups: kubectl answers an object of one with "no matches for kind", as
// for a removed version of a group that remains (apps/v1beta1), so kval
// rejects it rather than taking it for a custom resource with no CRD
// (which --ignore-missing-schemas would skip). Every embedded minor is
// newer than these removals (TestRemovedGroupsAreGone).
var removedGroups = map[string]string{
	"extensions":               "1.22", // Deployment, DaemonSet, ReplicaSet, Ingress, NetworkPolicy, PodSecurityPolicy
	"settings.k8s.io":          "1.20", // PodPreset
	"auditregistration.k8s.io": "1.19", // AuditSink
}

// RemovedIn is the Kubernetes release that removed a built-in API group,
// "" for a group Kubernetes still has or never had.
func RemovedIn(group string) string { return removedGroups[group] }
