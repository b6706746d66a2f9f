package lower

import (
	"maps"
	"slices"

	"github.com/kval-dev/kval/schema"
)

func sortedNames(props map[string]*schema.Schema) []string {
	return slices.Sorted(maps.Keys(props))
}

// isMap reports whether s is a map in the sense of package mutability:
// additionalProperties and no properties.
func isMap(s *schema.Schema) bool {
	return s.Type != "array" && s.AdditionalProperties != nil && len(s.Properties) == 0
}

// ordersItems reports whether kube-apiserver's CEL compares the lists of s
// regardless of order: lists of type set and map (their Equal ignores
// positions), where kval's strict equality does not.
func ordersItems(s *schema.Schema) bool {
	return s.IsSetList() || s.IsMapList()
}
