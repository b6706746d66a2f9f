package strategy

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/registry/apps/daemonset"
	"k8s.io/kubernetes/pkg/registry/apps/deployment"
	"k8s.io/kubernetes/pkg/registry/apps/replicaset"
	"k8s.io/kubernetes/pkg/registry/apps/statefulset"
	"k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
	"k8s.io/kubernetes/pkg/registry/batch/cronjob"
	"k8s.io/kubernetes/pkg/registry/batch/job"
	"k8s.io/kubernetes/pkg/registry/certificates/certificates"
	"k8s.io/kubernetes/pkg/registry/core/namespace"
	"k8s.io/kubernetes/pkg/registry/core/node"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolume"
	"k8s.io/kubernetes/pkg/registry/core/persistentvolumeclaim"
	"k8s.io/kubernetes/pkg/registry/core/pod"
	"k8s.io/kubernetes/pkg/registry/core/replicationcontroller"
	"k8s.io/kubernetes/pkg/registry/core/resourcequota"
	"k8s.io/kubernetes/pkg/registry/core/service"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/flowschema"
	"k8s.io/kubernetes/pkg/registry/flowcontrol/prioritylevelconfiguration"
	"k8s.io/kubernetes/pkg/registry/networking/ingress"
	"k8s.io/kubernetes/pkg/registry/networking/servicecidr"
	"k8s.io/kubernetes/pkg/registry/policy/poddisruptionbudget"
	"k8s.io/kubernetes/pkg/registry/storage/csinode"
	"k8s.io/kubernetes/pkg/registry/storage/volumeattachment"
)

// statusStrategies are the strategies kube-apiserver updates the status
// subresource of a kind with: the old spec kept (and, for some kinds,
// the old labels), the status validated (a Deployment's replicas not
// negative, its ready replicas not above them). A kind of strategies
// that is not here has no status subresource (TestEveryStatusStrategyIsWired
// lists them).
var statusStrategies = map[schema.GroupKind]rest.RESTUpdateStrategy{
	{Group: "", Kind: "Namespace"}:                                              namespace.StatusStrategy,
	{Group: "", Kind: "Node"}:                                                   node.StatusStrategy,
	{Group: "", Kind: "PersistentVolume"}:                                       persistentvolume.StatusStrategy,
	{Group: "", Kind: "PersistentVolumeClaim"}:                                  persistentvolumeclaim.StatusStrategy,
	{Group: "", Kind: "Pod"}:                                                    pod.StatusStrategy,
	{Group: "", Kind: "ReplicationController"}:                                  replicationcontroller.StatusStrategy,
	{Group: "", Kind: "ResourceQuota"}:                                          resourcequota.StatusStrategy,
	{Group: "", Kind: "Service"}:                                                service.StatusStrategy,
	{Group: "apps", Kind: "DaemonSet"}:                                          daemonset.StatusStrategy,
	{Group: "apps", Kind: "Deployment"}:                                         deployment.StatusStrategy,
	{Group: "apps", Kind: "ReplicaSet"}:                                         replicaset.StatusStrategy,
	{Group: "apps", Kind: "StatefulSet"}:                                        statefulset.StatusStrategy,
	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}:                     horizontalpodautoscaler.StatusStrategy,
	{Group: "batch", Kind: "CronJob"}:                                           cronjob.StatusStrategy,
	{Group: "batch", Kind: "Job"}:                                               job.StatusStrategy,
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:           certificates.StatusStrategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                 flowschema.StatusStrategy,
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}: prioritylevelconfiguration.StatusStrategy,
	{Group: "networking.k8s.io", Kind: "Ingress"}:                               ingress.StatusStrategy,
	{Group: "networking.k8s.io", Kind: "ServiceCIDR"}:                           servicecidr.StatusStrategy,
	{Group: "policy", Kind: "PodDisruptionBudget"}:                              poddisruptionbudget.StatusStrategy,
	{Group: "storage.k8s.io", Kind: "CSINode"}:                                  csinode.StatusStrategy,
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}:                         volumeattachment.StatusStrategy,
}

// AdmitsStatus reports whether the kind's status updates get
// kube-apiserver's status strategy (engine.StatusNative).
func (k *Kind) AdmitsStatus() bool { return k.status != nil }
