package objgen

import (
	"encoding/json"
	"sort"

	"github.com/kval-dev/kval/schema"
)

func sortedNames(props map[string]*schema.Schema) []string {
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// sameValue compares two JSON values by their JSON encoding, which is how
// kube-apiserver compares set items, and is stricter than needed for
// uniqueItems (where 1 and 1.0 differ) only in ways generation never hits.
func sameValue(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
