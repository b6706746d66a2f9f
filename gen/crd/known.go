package crd

import (
	"go/types"

	"github.com/kval-dev/kval/schema"
)

// quantityPattern is the pattern controller-gen gives resource.Quantity.
const quantityPattern = `^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$`

const (
	metav1   = "k8s.io/apimachinery/pkg/apis/meta/v1."
	runtimeP = "k8s.io/apimachinery/pkg/runtime."
)

// known are the types whose JSON form is not their Go structure (custom
// marshalers), with the schema controller-gen gives them.
var known = map[string]func() *schema.Schema{
	metav1 + "Time":      dateTime,
	metav1 + "MicroTime": dateTime,
	metav1 + "Duration":  func() *schema.Schema { return &schema.Schema{Type: "string"} },
	// ObjectMeta is validated by kube-apiserver itself; controller-gen
	// (without generateEmbeddedObjectMeta) writes only its type.
	metav1 + "ObjectMeta":                             func() *schema.Schema { return &schema.Schema{Type: "object"} },
	"k8s.io/apimachinery/pkg/api/resource.Quantity":   quantity,
	"k8s.io/apimachinery/pkg/util/intstr.IntOrString": intOrString,
	runtimeP + "RawExtension":                         preserved,
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured.Unstructured": func() *schema.Schema {
		s := preserved()
		s.EmbeddedResource = true
		return s
	},
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON": func() *schema.Schema {
		t := true
		return &schema.Schema{PreserveUnknownFields: &t}
	},
}

func (b *builder) knownSchema(n *types.Named) (*schema.Schema, bool) {
	obj := n.Obj()
	if obj.Pkg() == nil {
		return nil, false
	}
	name := obj.Pkg().Path() + "." + obj.Name()
	if name == metav1+"ObjectMeta" && b.embeddedObjectMeta {
		return embeddedObjectMeta(), true
	}
	f, ok := known[name]
	if !ok {
		return nil, false
	}
	return f(), true
}

func dateTime() *schema.Schema { return &schema.Schema{Type: "string", Format: "date-time"} }

func intOrString() *schema.Schema {
	return &schema.Schema{IntOrString: true, AnyOf: []*schema.Schema{{Type: "integer"}, {Type: "string"}}}
}

func quantity() *schema.Schema {
	s := intOrString()
	s.Pattern = quantityPattern
	return s
}

func preserved() *schema.Schema {
	t := true
	return &schema.Schema{Type: "object", PreserveUnknownFields: &t}
}

// embeddedObjectMeta is the schema controller-gen gives an ObjectMeta with
// generateEmbeddedObjectMeta: the fields a template's metadata sets.
func embeddedObjectMeta() *schema.Schema {
	str := func() *schema.Schema { return &schema.Schema{Type: "string"} }
	strings := func() *schema.Schema {
		return &schema.Schema{Type: "object", AdditionalProperties: &schema.SchemaOrBool{Allows: true, Schema: str()}}
	}
	return &schema.Schema{Type: "object", Properties: map[string]*schema.Schema{
		"name": str(), "namespace": str(), "labels": strings(), "annotations": strings(),
		"finalizers": {Type: "array", Items: str()},
	}}
}
