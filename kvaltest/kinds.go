package kvaltest

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/engine"
	kschema "github.com/kval-dev/kval/schema"
)

// kind is what the client knows of a kind: its resource, scope, and for a
// custom resource its CRD.
type kind struct {
	resource   schema.GroupResource
	namespaced bool
	crd        *kschema.CRD // nil for a built-in kind
}

// custom reports whether objects of the kind are validated.
func (k *kind) custom() bool { return k.crd != nil }

// hasStatus reports whether the kind has a status subresource in version.
// Built-in kinds are treated as having one (most with a status do).
func (k *kind) hasStatus(version string) bool {
	return k.hasSubresource(engine.StatusSubresource, version)
}

// hasSubresource reports whether the kind has subresource in version:
// status and scale as its CRD defines them, nothing else. Built-in kinds
// are treated as having a status, and have the scale kube-apiserver
// serves of Deployments, StatefulSets, ReplicaSets and
// ReplicationControllers.
func (k *kind) hasSubresource(subresource, version string) bool {
	if k.crd == nil {
		return subresource == engine.StatusSubresource || subresource == scaleSubresource && builtinScale(k.resource) != nil ||
			subresource == finalizeSubresource && k.resource == namespaces
	}
	sub := k.crd.VersionSubresources(version)
	switch subresource {
	case engine.StatusSubresource:
		return sub != nil && sub.Status
	case "scale":
		return sub != nil && sub.Scale != nil
	}
	return false
}

// kinds indexes the kinds of the CRDs and of the scheme.
type kinds struct {
	byKind     map[schema.GroupKind]*kind
	byResource map[schema.GroupVersionResource]schema.GroupVersionKind // by plural, as paths name them
	mapper     *meta.DefaultRESTMapper
}

func newKinds(crds []*kschema.CRD, scheme *runtime.Scheme) *kinds {
	ks := &kinds{byKind: map[schema.GroupKind]*kind{}, byResource: map[schema.GroupVersionResource]schema.GroupVersionKind{}, mapper: meta.NewDefaultRESTMapper(nil)}
	groups := map[string]bool{}
	for _, crd := range crds {
		ks.addCRD(crd)
		groups[crd.Spec.Group] = true
	}
	for gvk := range scheme.AllKnownTypes() {
		if !groups[gvk.Group] { // the CRDs define their groups' kinds
			ks.addBuiltin(gvk)
		}
	}
	ks.addBuiltin(crdGVK) // always served: a test may create CRDs at run time
	return ks
}

func (ks *kinds) addCRD(crd *kschema.CRD) {
	names := crd.Spec.Names
	gk := schema.GroupKind{Group: crd.Spec.Group, Kind: names.Kind}
	ks.byKind[gk] = &kind{
		resource:   schema.GroupResource{Group: crd.Spec.Group, Resource: names.Plural},
		namespaced: crd.Namespaced(),
		crd:        crd,
	}
	for _, v := range crd.Spec.Versions {
		gv := schema.GroupVersion{Group: crd.Spec.Group, Version: v.Name}
		ks.mapper.AddSpecific(gv.WithKind(names.Kind), gv.WithResource(names.Plural), gv.WithResource(names.Singular), scope(crd.Namespaced()))
		ks.byResource[gv.WithResource(names.Plural)] = gv.WithKind(names.Kind)
	}
}

// addBuiltin adds a kind of the scheme that no CRD defines, with the
// resource name kube-apiserver gives it (lowercase plural).
func (ks *kinds) addBuiltin(gvk schema.GroupVersionKind) {
	if strings.HasSuffix(gvk.Kind, "List") || gvk.Version == runtime.APIVersionInternal {
		return
	}
	plural, singular := meta.UnsafeGuessKindToResource(gvk)
	namespaced := !clusterScoped[gvk.GroupKind()]
	ks.byKind[gvk.GroupKind()] = &kind{resource: plural.GroupResource(), namespaced: namespaced}
	ks.mapper.AddSpecific(gvk, plural, singular, scope(namespaced))
	ks.byResource[plural] = gvk
}

func scope(namespaced bool) meta.RESTScope {
	if namespaced {
		return meta.RESTScopeNamespace
	}
	return meta.RESTScopeRoot
}

// forKind returns the kind of gvk, or kubectl's "no matches for kind".
func (ks *kinds) forKind(gvk schema.GroupVersionKind) (*kind, error) {
	if k := ks.byKind[gvk.GroupKind()]; k != nil {
		return k, nil
	}
	return nil, &meta.NoKindMatchError{GroupKind: gvk.GroupKind(), SearchedVersions: []string{gvk.Version}}
}

// forPath returns the kind a path's group, version and resource name:
// exactly that group (the core group's events are not events.k8s.io's)
// and the resource's plural, as kube-apiserver's handlers are installed.
func (ks *kinds) forPath(gvr schema.GroupVersionResource) (schema.GroupVersionKind, bool) {
	gvk, ok := ks.byResource[gvr]
	return gvk, ok
}

// clusterScoped are the built-in kinds without a namespace.
var clusterScoped = map[schema.GroupKind]bool{}

func init() {
	for _, gk := range []string{
		"Namespace", "Node", "PersistentVolume", "ComponentStatus",
		"ClusterRole.rbac.authorization.k8s.io", "ClusterRoleBinding.rbac.authorization.k8s.io",
		"StorageClass.storage.k8s.io", "VolumeAttachment.storage.k8s.io", "CSIDriver.storage.k8s.io", "CSINode.storage.k8s.io",
		"PriorityClass.scheduling.k8s.io", "RuntimeClass.node.k8s.io", "IngressClass.networking.k8s.io",
		"CustomResourceDefinition.apiextensions.k8s.io", "APIService.apiregistration.k8s.io",
		"ValidatingWebhookConfiguration.admissionregistration.k8s.io", "MutatingWebhookConfiguration.admissionregistration.k8s.io",
		"ValidatingAdmissionPolicy.admissionregistration.k8s.io", "ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io",
		"CertificateSigningRequest.certificates.k8s.io", "FlowSchema.flowcontrol.apiserver.k8s.io",
		"PriorityLevelConfiguration.flowcontrol.apiserver.k8s.io",
	} {
		clusterScoped[schema.ParseGroupKind(gk)] = true
	}
}

// gvkString names a kind in errors.
func gvkString(gvk schema.GroupVersionKind) string {
	return fmt.Sprintf("%s of %s", gvk.Kind, gvk.GroupVersion())
}

// selectableFields are the JSON paths of a CRD version's selectableFields.
func (k *kind) selectableFields(version string) []string {
	fields := k.crd.Spec.SelectableFields
	for _, v := range k.crd.Spec.Versions {
		if v.Name == version && len(v.SelectableFields) > 0 {
			fields = v.SelectableFields
		}
	}
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.JSONPath
	}
	return out
}
