package strategy

import (
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/kval-dev/kval/engine"
	kvalschema "github.com/kval-dev/kval/schema"
)

// Kind is one version of a built-in kind with kube-apiserver's strategy:
// an engine.Native.
type Kind struct {
	gvk      schema.GroupVersionKind
	resource string
	strategy kindStrategy
	status   rest.RESTUpdateStrategy // nil: status updates keep the schema's pipeline
}

// ForKind is the engine.NativeFunc of built-in kinds: the strategy of the
// kind a built-in CRD of package builtin describes, nil for kinds kval
// validates with their schema alone (and for every custom resource).
func ForKind(crd *kvalschema.CRD, version string) engine.Native {
	gvk := gvkOf(crd.Spec.Group, version, crd.Spec.Names.Kind)
	r, found := strategies[gvk.GroupKind()]
	if !found || !scheme.Recognizes(gvk) {
		return nil
	}
	return &Kind{gvk: gvk, resource: crd.Spec.Names.Plural, strategy: r.strategy, status: r.status}
}

// AdmitsSubresource reports whether the kind's updates of a subresource
// get kube-apiserver's strategy for it (engine.SubresourceNative): its
// status strategy, a Namespace's finalize strategy.
func (k *Kind) AdmitsSubresource(name string) bool { return k.updaterOf(name) != nil }

// updaterOf is the strategy of updates of a subresource ("" for the
// object), nil where kube-apiserver has none for the kind.
func (k *Kind) updaterOf(subresource string) rest.RESTUpdateStrategy {
	switch subresource {
	case "":
		return k.strategy
	case engine.StatusSubresource:
		return k.status
	}
	return otherSubresources[k.gvk.GroupKind()][subresource]
}

var _ engine.SubresourceNative = (*Kind)(nil)

// gvkOf is the kind a request's version serves.
func gvkOf(group, version, kind string) schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: group, Version: version, Kind: kind}
}
