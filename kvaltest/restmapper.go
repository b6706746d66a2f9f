package kvaltest

import (
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// restMapper maps with the kinds the client serves at the time of each
// call: CRDs written through the client add kinds.
type restMapper struct{ c *Client }

func (m restMapper) current() meta.RESTMapper { return m.c.kinds().mapper }

func (m restMapper) KindFor(r schema.GroupVersionResource) (schema.GroupVersionKind, error) {
	return m.current().KindFor(r)
}

func (m restMapper) KindsFor(r schema.GroupVersionResource) ([]schema.GroupVersionKind, error) {
	return m.current().KindsFor(r)
}

func (m restMapper) ResourceFor(r schema.GroupVersionResource) (schema.GroupVersionResource, error) {
	return m.current().ResourceFor(r)
}

func (m restMapper) ResourcesFor(r schema.GroupVersionResource) ([]schema.GroupVersionResource, error) {
	return m.current().ResourcesFor(r)
}

func (m restMapper) RESTMapping(gk schema.GroupKind, versions ...string) (*meta.RESTMapping, error) {
	return m.current().RESTMapping(gk, versions...)
}

func (m restMapper) RESTMappings(gk schema.GroupKind, versions ...string) ([]*meta.RESTMapping, error) {
	return m.current().RESTMappings(gk, versions...)
}

func (m restMapper) ResourceSingularizer(resource string) (string, error) {
	return m.current().ResourceSingularizer(resource)
}
