package celrules

import (
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/kval-dev/kval/schema"
)

// nameMaxLength bounds metadata.name (a DNS subdomain); generateName gets one
// byte less, since at least one generated character follows it.
const nameMaxLength = int64(validation.DNS1123SubdomainMaxLength)

// withTypeAndObjectMeta returns n as the root of a resource: rules there may
// always use apiVersion, kind, metadata.name and metadata.generateName, even
// when the schema does not declare them. Like kube-apiserver, a node that
// does not declare all four as strings gets them added, and its metadata is
// replaced by an object of just name and generateName (with their declared
// maxLength when it is tighter than a name's), so rules on a resource root
// see nothing else of metadata.
func (a *adapter) withTypeAndObjectMeta(n *adapted) *adapted {
	if declaresTypeAndObjectMeta(n.s) {
		return n
	}
	root := *n.s
	root.Properties = make(map[string]*schema.Schema, len(n.s.Properties)+3)
	for name, p := range n.s.Properties {
		root.Properties[name] = p
	}
	root.Properties["kind"] = &schema.Schema{Type: "string"}
	root.Properties["apiVersion"] = &schema.Schema{Type: "string"}
	var metaProps map[string]*schema.Schema
	if meta := n.s.Properties["metadata"]; meta != nil {
		metaProps = meta.Properties
	}
	root.Properties["metadata"] = &schema.Schema{
		Type: "object",
		Properties: map[string]*schema.Schema{
			"name":         cappedString(metaProps["name"], nameMaxLength),
			"generateName": cappedString(metaProps["generateName"], nameMaxLength-1),
		},
	}
	return a.adapt(&root)
}

func declaresTypeAndObjectMeta(s *schema.Schema) bool {
	if len(s.Properties) == 0 || typeOf(s.Properties["kind"]) != "string" ||
		typeOf(s.Properties["apiVersion"]) != "string" {
		return false
	}
	meta := s.Properties["metadata"]
	return typeOf(meta) == "object" && len(meta.Properties) > 0 &&
		typeOf(meta.Properties["name"]) == "string" && typeOf(meta.Properties["generateName"]) == "string"
}

func typeOf(s *schema.Schema) string {
	if s == nil {
		return ""
	}
	return s.Type
}

// cappedString is a string schema with maxLength the smaller of limit and
// the declared schema's maxLength.
func cappedString(declared *schema.Schema, limit int64) *schema.Schema {
	maxLength := limit
	if declared != nil && declared.MaxLength != nil && *declared.MaxLength < limit {
		maxLength = *declared.MaxLength
	}
	return &schema.Schema{Type: "string", MaxLength: &maxLength}
}
