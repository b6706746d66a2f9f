package celrules

import (
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/schema"
)

// adapted presents one kval schema node to the Kubernetes CEL libraries
// (k8s.io/apiserver/pkg/cel/common) as the structural schema kube-apiserver
// hands them: the skeleton of properties, items and additionalProperties
// with the node's own keywords and extensions. allOf, anyOf, oneOf and not
// are not part of it: CEL types values from the skeleton only.
//
// Children are adapted once, when the tree is built, and the libraries ask
// for them on every value they wrap; so unlike a fresh adapter per call, the
// per-object path allocates nothing here.
type adapted struct {
	s          *schema.Schema
	properties map[string]common.Schema
	items      common.Schema
	additional *adaptedOrBool
	// withMeta is the node as the root of a resource (see withTypeAndObjectMeta).
	withMeta *adapted
	enum     []any
}

var (
	_ common.Schema       = (*adapted)(nil)
	_ common.SchemaOrBool = (*adaptedOrBool)(nil)
)

// adapter builds adapted nodes, once per schema node (schemas may share nodes).
type adapter struct {
	done map[*schema.Schema]*adapted
}

func newAdapter() *adapter {
	return &adapter{done: map[*schema.Schema]*adapted{}}
}

// adapt returns the adapted node of s and of its whole skeleton; nil for nil.
func (a *adapter) adapt(s *schema.Schema) *adapted {
	if s == nil {
		return nil
	}
	if n, ok := a.done[s]; ok {
		return n
	}
	n := &adapted{s: s, enum: s.Enum}
	a.done[s] = n
	if len(s.Properties) > 0 {
		n.properties = make(map[string]common.Schema, len(s.Properties))
		for name, p := range s.Properties {
			if child := a.adapt(p); child != nil {
				n.properties[name] = child
			}
		}
	}
	if s.Items != nil {
		n.items = a.adapt(s.Items)
	}
	if ap := s.AdditionalProperties; ap != nil {
		n.additional = &adaptedOrBool{allows: ap.Allows || ap.Schema != nil}
		if ap.Schema != nil {
			n.additional.schema = a.adapt(ap.Schema)
		}
	}
	if s.EmbeddedResource {
		a.resourceView(n)
	}
	return n
}

// resourceView returns n as the root of a resource, prepared once.
func (a *adapter) resourceView(n *adapted) *adapted {
	if n.withMeta == nil {
		n.withMeta = a.withTypeAndObjectMeta(n)
	}
	return n.withMeta
}

// adaptedOrBool is additionalProperties: a schema or a boolean.
type adaptedOrBool struct {
	schema *adapted
	allows bool
}

func (b *adaptedOrBool) Schema() common.Schema {
	if b.schema == nil {
		return nil
	}
	return b.schema
}

func (b *adaptedOrBool) Allows() bool { return b.allows }

func (n *adapted) Type() string   { return n.s.Type }
func (n *adapted) Format() string { return n.s.Format }

func (n *adapted) Items() common.Schema {
	if n.items == nil {
		return nil
	}
	return n.items
}

// Properties returns nil when the node has none, as a structural schema does.
func (n *adapted) Properties() map[string]common.Schema { return n.properties }

func (n *adapted) AdditionalProperties() common.SchemaOrBool {
	if n.additional == nil {
		return nil
	}
	return n.additional
}

func (n *adapted) Default() any { return n.s.Default }

func (n *adapted) Pattern() string          { return n.s.Pattern }
func (n *adapted) Minimum() *float64        { return n.s.Minimum }
func (n *adapted) IsExclusiveMinimum() bool { return n.s.ExclusiveMinimum }
func (n *adapted) Maximum() *float64        { return n.s.Maximum }
func (n *adapted) IsExclusiveMaximum() bool { return n.s.ExclusiveMaximum }
func (n *adapted) MultipleOf() *float64     { return n.s.MultipleOf }
func (n *adapted) MinItems() *int64         { return n.s.MinItems }
func (n *adapted) MaxItems() *int64         { return n.s.MaxItems }
func (n *adapted) MinLength() *int64        { return n.s.MinLength }
func (n *adapted) MaxLength() *int64        { return n.s.MaxLength }
func (n *adapted) MinProperties() *int64    { return n.s.MinProperties }
func (n *adapted) MaxProperties() *int64    { return n.s.MaxProperties }
func (n *adapted) Required() []string       { return n.s.Required }
func (n *adapted) Enum() []any              { return n.enum }
func (n *adapted) Nullable() bool           { return n.s.Nullable }

// UniqueItems is false: CRD schemas may not set it.
func (n *adapted) UniqueItems() bool { return false }

// The junctors are not part of the skeleton CEL types values from.
func (n *adapted) AllOf() []common.Schema { return nil }
func (n *adapted) OneOf() []common.Schema { return nil }
func (n *adapted) AnyOf() []common.Schema { return nil }
func (n *adapted) Not() common.Schema     { return nil }

func (n *adapted) IsXIntOrString() bool           { return n.s.IntOrString }
func (n *adapted) IsXEmbeddedResource() bool      { return n.s.EmbeddedResource }
func (n *adapted) IsXPreserveUnknownFields() bool { return n.s.PreservesUnknownFields() }
func (n *adapted) XListMapKeys() []string         { return n.s.ListMapKeys }

func (n *adapted) XListType() string {
	if n.s.ListType == nil {
		return ""
	}
	return *n.s.ListType
}

func (n *adapted) XMapType() string {
	if n.s.MapType == nil {
		return ""
	}
	return *n.s.MapType
}

// XValidations is not needed by the libraries kval calls; the rules are
// compiled from the kval schema directly.
func (n *adapted) XValidations() []common.ValidationRule { return nil }

// WithTypeAndObjectMeta returns the node as the root of a resource. It is
// prepared when the tree is built, for embedded resources and for the
// schema root; other nodes never act as resource roots.
func (n *adapted) WithTypeAndObjectMeta() common.Schema {
	if n.withMeta != nil {
		return n.withMeta
	}
	return newAdapter().withTypeAndObjectMeta(n)
}
