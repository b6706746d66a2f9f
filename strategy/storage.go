package strategy

import (
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	api "k8s.io/kubernetes/pkg/apis/core"
)

// storageHook is what a kind's storage (its REST's BeginCreate and
// BeginUpdate) changes before the strategy prepares and validates; old is
// nil on create. Only what needs no allocation is done: kval has no IP
// ranges or node ports to allocate from.
type storageHook func(obj, old runtime.Object)

// storageHooks are the kinds whose storage changes objects before the
// strategy sees them.
var storageHooks = map[schema.GroupKind]storageHook{
	{Group: "", Kind: "Service"}: serviceStorage,
}

// serviceStorage links a Service's clusterIP and clusterIPs as its
// storage does: a create giving the singular alone gets the plural; an
// update keeps what the old object was allocated when the new one leaves
// it out (a file applied again), and follows a changed singular with the
// plural when the plural was not changed itself.
func serviceStorage(obj, old runtime.Object) {
	svc := obj.(*api.Service)
	if old == nil {
		if svc.Spec.ClusterIP != "" && len(svc.Spec.ClusterIPs) == 0 {
			svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
		}
		return
	}
	oldSvc := old.(*api.Service)
	keepAllocatedClusterIPs(svc, oldSvc)
	followClusterIP(svc, oldSvc)
}

// keepAllocatedClusterIPs: a Service that needs a cluster IP before and
// after keeps the old one where the new object has none.
func keepAllocatedClusterIPs(svc, old *api.Service) {
	if svc.Spec.Type == api.ServiceTypeExternalName || old.Spec.Type == api.ServiceTypeExternalName {
		return
	}
	if svc.Spec.ClusterIP == "" {
		svc.Spec.ClusterIP = old.Spec.ClusterIP
	}
	if len(svc.Spec.ClusterIPs) == 0 {
		svc.Spec.ClusterIPs = old.Spec.ClusterIPs
	}
}

// followClusterIP: where the plural is the old one, it follows the
// singular (cleared with it, or the new value); validation then judges
// the change.
func followClusterIP(svc, old *api.Service) {
	if len(svc.Spec.ClusterIPs) == 0 && svc.Spec.ClusterIP == old.Spec.ClusterIP {
		svc.Spec.ClusterIPs = old.Spec.ClusterIPs
	}
	if svc.Spec.ClusterIP == old.Spec.ClusterIP || !slices.Equal(svc.Spec.ClusterIPs, old.Spec.ClusterIPs) {
		return
	}
	svc.Spec.ClusterIPs = nil
	if svc.Spec.ClusterIP != "" {
		svc.Spec.ClusterIPs = []string{svc.Spec.ClusterIP}
	}
}

// runStorageHook runs the kind's storage hook, if it has one.
func (k *Kind) runStorageHook(obj, old runtime.Object) {
	if hook, found := storageHooks[k.gvk.GroupKind()]; found {
		hook(obj, old)
	}
}
