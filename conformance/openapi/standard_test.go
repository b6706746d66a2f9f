package openapi

import (
	"os"
	"testing"

	"github.com/kval-dev/kval/conformance/openapi/stdgen"
)

// TestStandardDefinitionsAreGenerated checks that the committed standard
// definitions are what stdgen derives from the current Go types (run
// `go run ./conformance/openapi/stdgen/cmd/stdgen` from the repository root
// after updating apimachinery, api or client-go). That they equal
// upstream's is checked by the document comparisons.
func TestStandardDefinitionsAreGenerated(t *testing.T) {
	want, err := stdgen.Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../openapi/standard_definitions.json")
	if err != nil {
		t.Fatal(err)
	}
	if i := firstDifference(got, want); i >= 0 {
		t.Errorf("openapi/standard_definitions.json is not stdgen's output; first difference at byte %d:\ncommitted: %s\ngenerated: %s",
			i, around(got, i), around(want, i))
	}
}
