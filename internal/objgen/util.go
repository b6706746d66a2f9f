package objgen

import (
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
