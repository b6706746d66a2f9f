package strategy

import (
	"k8s.io/apimachinery/pkg/runtime"

	api "k8s.io/kubernetes/pkg/apis/core"
)

// beginCreate is what a kind's storage does to an object before its
// strategy prepares and validates it (the registry's BeginCreate hook),
// where kval can do it without the cluster: a Service's clusterIPs are
// given its clusterIP. What storage allocates (a clusterIP, nodePorts, IP
// families, which depend on the cluster's configuration) stays unset.
func beginCreate(obj runtime.Object) {
	if svc, ok := obj.(*api.Service); ok {
		clusterIPsOnCreate(svc)
	}
}

// clusterIPsOnCreate: a Service created with a clusterIP ("None" for a
// headless one) and no clusterIPs gets the clusterIP as its only one.
func clusterIPsOnCreate(svc *api.Service) {
	if svc.Spec.ClusterIP != "" && len(svc.Spec.ClusterIPs) == 0 {
		svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
	}
}
