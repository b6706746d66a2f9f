package builtin

import (
	"testing"

	"github.com/kval-dev/kval/builtin/internal/format"
)

// TestSharedDefinitionsAreAllUsed: every form of the shared file is the
// form of some embedded version (go generate writes them together), and
// every version's forms exist.
func TestSharedDefinitionsAreAllUsed(t *testing.T) {
	shared, err := sharedDefinitions()
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]map[int]bool{}
	for _, minor := range Versions() {
		var v format.Version
		if err := readGzipJSON(dataFile(minor), &v); err != nil {
			t.Fatal(err)
		}
		for name, form := range v.Definitions {
			if form < 0 || form >= len(shared[name]) {
				t.Errorf("%s: %s: form %d of %d", minor, name, form, len(shared[name]))
			}
			if used[name] == nil {
				used[name] = map[int]bool{}
			}
			used[name][form] = true
		}
	}
	for name, forms := range shared {
		if len(used[name]) != len(forms) {
			t.Errorf("%s: %d forms, %d used", name, len(forms), len(used[name]))
		}
	}
}
