package strategy

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"

	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicybinding"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/apps/controllerrevision"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/certificates/certificates"
	"k8s.io/kubernetes/pkg/registry/certificates/clustertrustbundle"
	"k8s.io/kubernetes/pkg/registry/coordination/lease"
	"k8s.io/kubernetes/pkg/registry/coordination/leasecandidate"
	"k8s.io/kubernetes/pkg/registry/core/configmap"
	"k8s.io/kubernetes/pkg/registry/core/endpoint"
	"k8s.io/kubernetes/pkg/registry/core/event"
	"k8s.io/kubernetes/pkg/registry/core/limitrange"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/node"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/podtemplate"
	"k8s.io/kubernetes/pkg/registry/core/replicationcontroller"
	"k8s.io/kubernetes/pkg/registry/core/resourcequota"
	"k8s.io/kubernetes/pkg/registry/core/secret"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/core/serviceaccount"
	"k8s.io/kubernetes/pkg/registry/discovery/endpointslice"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/networking/ingressclass"
	"k8s.io/kubernetes/pkg/registry/networking/ipaddress"
	"k8s.io/kubernetes/pkg/registry/networking/networkpolicy"
	"k8s.io/kubernetes/pkg/registry/networking/servicecidr"
	"k8s.io/kubernetes/pkg/registry/node/runtimeclass"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrole"
	"k8s.io/kubernetes/pkg/registry/rbac/clusterrolebinding"
	"k8s.io/kubernetes/pkg/registry/rbac/role"
	"k8s.io/kubernetes/pkg/registry/rbac/rolebinding"
	"k8s.io/kubernetes/pkg/registry/resource/deviceclass"
	"k8s.io/kubernetes/pkg/registry/resource/resourceslice"
	"k8s.io/kubernetes/pkg/registry/scheduling/priorityclass"
	"k8s.io/kubernetes/pkg/registry/storage/csidriver"
	"k8s.io/kubernetes/pkg/registry/storage/csinode"
	"k8s.io/kubernetes/pkg/registry/storage/csistoragecapacity"
	"k8s.io/kubernetes/pkg/registry/storage/storageclass"
	"k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
	"k8s.io/kubernetes/pkg/registry/storage/volumeattributesclass"
)

// kindStrategy is what kube-apiserver's registry does with a kind's
// creates and updates.
type kindStrategy interface {
	rest.RESTCreateStrategy
	rest.RESTUpdateStrategy
}

// strategies are the registry strategies of the built-in kinds kval
// validates with kube-apiserver's code, by group and kind. A kind a
// manifest can create that is not here gets its published schema alone
// (withoutStrategy, in kinds_test.go, says why for each).
var strategies = map[schema.GroupKind]kindStrategy{
	{Group: "", Kind: "ConfigMap"}:                                                    configmap.Strategy,
	{Group: "", Kind: "Endpoints"}:                                                    endpoint.Strategy,
	{Group: "", Kind: "Event"}:                                                        event.Strategy,
	{Group: "", Kind: "LimitRange"}:                                                   limitrange.Strategy,
	{Group: "", Kind: "Namespace"}:                                                    namespace.Strategy,
	{Group: "", Kind: "PersistentVolume"}:                                             persistentvolume.Strategy,
	{Group: "", Kind: "PersistentVolumeClaim"}:                                        persistentvolumeclaim.Strategy,
	{Group: "", Kind: "Pod"}:                                                          pod.Strategy,
	{Group: "", Kind: "PodTemplate"}:                                                  podtemplate.Strategy,
	{Group: "", Kind: "ReplicationController"}:                                        replicationcontroller.Strategy,
	{Group: "", Kind: "ResourceQuota"}:                                                resourcequota.Strategy,
	{Group: "", Kind: "Secret"}:                                                       secret.Strategy,
	{Group: "", Kind: "Service"}:                                                      service.Strategy,
	{Group: "", Kind: "ServiceAccount"}:                                               serviceaccount.Strategy,
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"}:     mutatingwebhookconfiguration.Strategy,
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}:   validatingwebhookconfiguration.Strategy,
	{Group: "apps", Kind: "ControllerRevision"}:                                       controllerrevision.Strategy,
	{Group: "apps", Kind: "DaemonSet"}:                                                daemonset.Strategy,
	{Group: "apps", Kind: "Deployment"}:                                               deployment.Strategy,
	{Group: "apps", Kind: "ReplicaSet"}:                                               replicaset.Strategy,
	{Group: "apps", Kind: "StatefulSet"}:                                              statefulset.Strategy,
	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}:                           horizontalpodautoscaler.Strategy,
	{Group: "batch", Kind: "CronJob"}:                                                 cronjob.Strategy,
	{Group: "batch", Kind: "Job"}:                                                     job.Strategy,
	{Group: "coordination.k8s.io", Kind: "Lease"}:                                     lease.Strategy,
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"}:                                endpointslice.Strategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                       flowschema.Strategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}:       prioritylevelconfiguration.Strategy,
	{Group: "networking.k8s.io", Kind: "Ingress"}:                                     ingress.Strategy,
	{Group: "networking.k8s.io", Kind: "IngressClass"}:                                ingressclass.Strategy,
	{Group: "networking.k8s.io", Kind: "NetworkPolicy"}:                               networkpolicy.Strategy,
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:                                      runtimeclass.Strategy,
	{Group: "policy", Kind: "PodDisruptionBudget"}:                                    poddisruptionbudget.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}:                         clusterrole.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"}:                  clusterrolebinding.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "Role"}:                                role.Strategy,
	{Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"}:                         rolebinding.Strategy,
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}:                               priorityclass.Strategy,
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:                                      csidriver.Strategy,
	{Group: "storage.k8s.io", Kind: "CSINode"}:                                        csinode.Strategy,
	{Group: "storage.k8s.io", Kind: "StorageClass"}:                                   storageclass.Strategy,
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}:                               volumeattachment.Strategy,
	{Group: "storage.k8s.io", Kind: "VolumeAttributesClass"}:                          volumeattributesclass.Strategy,
	{Group: "", Kind: "Node"}:                                                         node.Strategy,
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingAdmissionPolicyBinding"}: &validatingadmissionpolicybinding.Strategy,
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:                 certificates.Strategy,
	{Group: "certificates.k8s.io", Kind: "ClusterTrustBundle"}:                        clustertrustbundle.Strategy,
	{Group: "coordination.k8s.io", Kind: "LeaseCandidate"}:                            leasecandidate.Strategy,
	{Group: "events.k8s.io", Kind: "Event"}:                                           event.Strategy,
	{Group: "networking.k8s.io", Kind: "IPAddress"}:                                   ipaddress.Strategy,
	{Group: "networking.k8s.io", Kind: "ServiceCIDR"}:                                 servicecidr.Strategy,
	{Group: "resource.k8s.io", Kind: "DeviceClass"}:                                   deviceclass.Strategy,
	{Group: "resource.k8s.io", Kind: "ResourceSlice"}:                                 resourceslice.Strategy,
	{Group: "storage.k8s.io", Kind: "CSIStorageCapacity"}:                             csistoragecapacity.Strategy,
}
