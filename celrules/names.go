package celrules

import (
	"sort"
	"strconv"

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

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
