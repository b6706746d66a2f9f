package objgen

import (
	"encoding/json"
)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sameValue compares two JSON values by their JSON encoding, which is how
// kube-apiserver compares set items, and is stricter than needed for
// uniqueItems (where 1 and 1.0 differ) only in ways generation never hits.
func sameValue(a, b any) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
