package schema

import (
	"fmt"
	"testing"
)

// TestMutabilitySitesFollowThePlacementRules: no site at the root or in
// metadata; collections take only Immutable and key mutability; items
// and map values only Immutable; fields every value.
func TestMutabilitySitesFollowThePlacementRules(t *testing.T) {
	root := &Schema{Type: "object", Properties: map[string]*Schema{
		"metadata": {Type: "object", Properties: map[string]*Schema{"name": {Type: "string"}}},
		"spec": {Type: "object", Properties: map[string]*Schema{
			"a":    {Type: "string"},
			"list": {Type: "array", Items: &Schema{Type: "string"}},
			"map":  {Type: "object", AdditionalProperties: &SchemaOrBool{Allows: true, Schema: &Schema{Type: "string"}}},
		}},
	}}
	got := map[string]string{}
	for _, site := range MutabilitySites(root) {
		got[fmt.Sprint(site.Pointer)] = fmt.Sprint(site.Mutability, site.KeyMutability)
	}
	want := map[string]string{
		"[properties spec]":                                     "[Immutable AddOnly RemoveOnly] []",
		"[properties spec properties a]":                        "[Immutable AddOnly RemoveOnly] []",
		"[properties spec properties list]":                     "[Immutable] [Immutable AddOnly RemoveOnly]",
		"[properties spec properties list items]":               "[Immutable] []",
		"[properties spec properties map]":                      "[Immutable] [Immutable AddOnly RemoveOnly]",
		"[properties spec properties map additionalProperties]": "[Immutable] []",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sites:\n got %v\nwant %v", got, want)
	}
}
