package kubeapis

import (
	"os"
	"sort"
	"testing"
)

// optionsIn lists the options (feature gates) a generated file reads.
func optionsIn(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	for _, m := range optionUse.FindAllStringSubmatch(string(data), -1) {
		set[m[1]] = true
	}
	var out []string
	for o := range set {
		out = append(out, o)
	}
	sort.Strings(out)
	return out
}
