package schema

import (
	"slices"
	"testing"
)

// TestExpressions: every rule and messageExpression of every schema of a
// CRD, nested anywhere, once each, in the order they first appear.
func TestExpressions(t *testing.T) {
	rule := func(r, msg string) []ValidationRule { return []ValidationRule{{Rule: r, MessageExpression: msg}} }
	v1 := &Schema{Type: "object", Validations: rule("root", ""), Properties: map[string]*Schema{
		"spec": {Type: "object", Validations: rule("spec", "specMessage"), Properties: map[string]*Schema{
			"list": {Type: "array", Items: &Schema{Type: "string", Validations: rule("item", "")}},
			"map":  {Type: "object", AdditionalProperties: &SchemaOrBool{Allows: true, Schema: &Schema{Type: "string", Validations: rule("value", "")}}},
		}},
	}}
	v2 := &Schema{Type: "object", Validations: append(rule("root", ""), rule("v2only", "specMessage")...)}
	spec := &CRDSpec{Versions: []Version{{Name: "v1", Schema: &Validation{OpenAPIV3Schema: v1}}, {Name: "v2", Schema: &Validation{OpenAPIV3Schema: v2}}, {Name: "v3"}}}
	got := spec.Expressions()
	want := []string{"root", "spec", "specMessage", "item", "value", "v2only"}
	slices.Sort(got[1:5]) // properties are visited in map order
	slices.Sort(want[1:5])
	if !slices.Equal(got, want) {
		t.Errorf("expressions %q, want %q", got, want)
	}
}
