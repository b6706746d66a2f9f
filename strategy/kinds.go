package strategy

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/utils/clock"

	"k8s.io/kube-aggregator/pkg/registry/apiservice"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingadmissionpolicybinding"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/mutatingwebhookconfiguration"
	"k8s.io/kubernetes/pkg/registry/admissionregistration/validatingadmissionpolicy"
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
	"k8s.io/kubernetes/pkg/registry/certificates/podcertificaterequest"
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
	"k8s.io/kubernetes/pkg/registry/resource/resourceclaim"
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

// registry is what kube-apiserver's registry of a kind does: its strategy
// for creates and updates, and its status strategy for updates of the
// status subresource (the old spec, and for some kinds the old labels,
// kept; the status validated), nil where the kind has no status
// subresource (withoutStatus, in status_test.go, lists them).
type registry struct {
	strategy kindStrategy
	status   rest.RESTUpdateStrategy
}

// otherSubresources are the strategies of the subresources other than the
// status whose updates kube-apiserver validates, by kind and subresource.
var otherSubresources = map[schema.GroupKind]map[string]rest.RESTUpdateStrategy{
	{Kind: "Namespace"}: {"finalize": namespace.FinalizeStrategy},
}

// strategies are the registries of the built-in kinds kval validates with
// kube-apiserver's code, by group and kind. A kind a manifest can create
// that is not here gets its published schema alone (withoutStrategy, in
// kinds_test.go, says why for each).
var strategies = map[schema.GroupKind]registry{
	{Group: "", Kind: "ConfigMap"}:                                                    {configmap.Strategy, nil},
	{Group: "", Kind: "Endpoints"}:                                                    {endpoint.Strategy, nil},
	{Group: "", Kind: "Event"}:                                                        {event.Strategy, nil},
	{Group: "", Kind: "LimitRange"}:                                                   {limitrange.Strategy, nil},
	{Group: "", Kind: "Namespace"}:                                                    {namespace.Strategy, namespace.StatusStrategy},
	{Group: "", Kind: "Node"}:                                                         {node.Strategy, node.StatusStrategy},
	{Group: "", Kind: "PersistentVolume"}:                                             {persistentvolume.Strategy, persistentvolume.StatusStrategy},
	{Group: "", Kind: "PersistentVolumeClaim"}:                                        {persistentvolumeclaim.Strategy, persistentvolumeclaim.StatusStrategy},
	{Group: "", Kind: "Pod"}:                                                          {pod.Strategy, pod.StatusStrategy},
	{Group: "", Kind: "PodTemplate"}:                                                  {podtemplate.Strategy, nil},
	{Group: "", Kind: "ReplicationController"}:                                        {replicationcontroller.Strategy, replicationcontroller.StatusStrategy},
	{Group: "", Kind: "ResourceQuota"}:                                                {resourcequota.Strategy, resourcequota.StatusStrategy},
	{Group: "", Kind: "Secret"}:                                                       {secret.Strategy, nil},
	{Group: "", Kind: "Service"}:                                                      {service.Strategy, service.StatusStrategy},
	{Group: "", Kind: "ServiceAccount"}:                                               {serviceaccount.Strategy, nil},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingAdmissionPolicy"}:          {mutatingAdmissionPolicy, nil},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingAdmissionPolicyBinding"}:   {mutatingadmissionpolicybinding.NewStrategy(nil, nil, administratorsResolver{}), nil},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"}:     {mutatingwebhookconfiguration.Strategy, nil},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingAdmissionPolicy"}:        {validatingAdmissionPolicy, validatingadmissionpolicy.NewStatusStrategy(validatingAdmissionPolicy)},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingAdmissionPolicyBinding"}: {validatingadmissionpolicybinding.NewStrategy(nil, nil, administratorsResolver{}), nil},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}:   {validatingwebhookconfiguration.Strategy, nil},
	{Group: "apiregistration.k8s.io", Kind: "APIService"}:                             {apiservice.NewStrategy(scheme), apiservice.NewStatusStrategy(scheme)},
	{Group: "apps", Kind: "ControllerRevision"}:                                       {controllerrevision.Strategy, nil},
	{Group: "apps", Kind: "DaemonSet"}:                                                {daemonset.Strategy, daemonset.StatusStrategy},
	{Group: "apps", Kind: "Deployment"}:                                               {deployment.Strategy, deployment.StatusStrategy},
	{Group: "apps", Kind: "ReplicaSet"}:                                               {replicaset.Strategy, replicaset.StatusStrategy},
	{Group: "apps", Kind: "StatefulSet"}:                                              {statefulset.Strategy, statefulset.StatusStrategy},
	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}:                           {horizontalpodautoscaler.Strategy, horizontalpodautoscaler.StatusStrategy},
	{Group: "batch", Kind: "CronJob"}:                                                 {cronjob.Strategy, cronjob.StatusStrategy},
	{Group: "batch", Kind: "Job"}:                                                     {job.Strategy, job.StatusStrategy},
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:                 {certificates.Strategy, certificates.StatusStrategy},
	{Group: "certificates.k8s.io", Kind: "ClusterTrustBundle"}:                        {clustertrustbundle.Strategy, nil},
	{Group: "certificates.k8s.io", Kind: "PodCertificateRequest"}:                     {podCertificateRequest, podcertificaterequest.NewStatusStrategy(podCertificateRequest, administrators, clock.RealClock{})},
	{Group: "coordination.k8s.io", Kind: "Lease"}:                                     {lease.Strategy, nil},
	{Group: "coordination.k8s.io", Kind: "LeaseCandidate"}:                            {leasecandidate.Strategy, nil},
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"}:                                {endpointslice.Strategy, nil},
	{Group: "events.k8s.io", Kind: "Event"}:                                           {event.Strategy, nil},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                       {flowschema.Strategy, flowschema.StatusStrategy},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}:       {prioritylevelconfiguration.Strategy, prioritylevelconfiguration.StatusStrategy},
	{Group: "networking.k8s.io", Kind: "IPAddress"}:                                   {ipaddress.Strategy, nil},
	{Group: "networking.k8s.io", Kind: "Ingress"}:                                     {ingress.Strategy, ingress.StatusStrategy},
	{Group: "networking.k8s.io", Kind: "IngressClass"}:                                {ingressclass.Strategy, nil},
	{Group: "networking.k8s.io", Kind: "NetworkPolicy"}:                               {networkpolicy.Strategy, nil},
	{Group: "networking.k8s.io", Kind: "ServiceCIDR"}:                                 {servicecidr.Strategy, servicecidr.StatusStrategy},
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:                                      {runtimeclass.Strategy, nil},
	{Group: "policy", Kind: "PodDisruptionBudget"}:                                    {poddisruptionbudget.Strategy, poddisruptionbudget.StatusStrategy},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}:                         {clusterrole.Strategy, nil},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"}:                  {clusterrolebinding.Strategy, nil},
	{Group: "rbac.authorization.k8s.io", Kind: "Role"}:                                {role.Strategy, nil},
	{Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"}:                         {rolebinding.Strategy, nil},
	{Group: "resource.k8s.io", Kind: "DeviceClass"}:                                   {deviceclass.Strategy, nil},
	{Group: "resource.k8s.io", Kind: "ResourceClaim"}:                                 {resourceClaim, resourceclaim.NewStatusStrategy(resourceClaim)},
	{Group: "resource.k8s.io", Kind: "ResourceClaimTemplate"}:                         {resourceClaimTemplate, nil},
	{Group: "resource.k8s.io", Kind: "ResourceSlice"}:                                 {resourceslice.Strategy, nil},
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}:                               {priorityclass.Strategy, nil},
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:                                      {csidriver.Strategy, nil},
	{Group: "storage.k8s.io", Kind: "CSINode"}:                                        {csinode.Strategy, csinode.StatusStrategy},
	{Group: "storage.k8s.io", Kind: "CSIStorageCapacity"}:                             {csistoragecapacity.Strategy, nil},
	{Group: "storage.k8s.io", Kind: "StorageClass"}:                                   {storageclass.Strategy, nil},
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}:                               {volumeattachment.Strategy, volumeattachment.StatusStrategy},
	{Group: "storage.k8s.io", Kind: "VolumeAttributesClass"}:                          {volumeattributesclass.Strategy, nil},
}
