package layering

import (
	"os"
	"strings"
	"testing"
)

// comparedModules are the systems kval is compared against (DESIGN.md's
// dependencies): they live only in the conformance, bench and e2e modules.
var comparedModules = []string{
	"k8s.io/apiextensions-apiserver",
	"k8s.io/code-generator",
}

// TestTheMainModuleNeverRequiresWhatItIsComparedAgainst reads go.mod, where
// go mod tidy lists every module the main module's packages and their tests
// import, directly or not.
func TestTheMainModuleNeverRequiresWhatItIsComparedAgainst(t *testing.T) {
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range comparedModules {
		if strings.Contains(string(gomod), m+" ") {
			t.Errorf("go.mod requires %s: move the code that needs it to conformance/, bench/ or e2e/", m)
		}
	}
}
