package layering

import (
	"os"
	"strings"
	"testing"
)

// comparedAgainst are the systems kval is compared against (DESIGN.md's
// dependencies): they live only in the conformance, bench and e2e modules.
var comparedAgainst = []string{
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
	for _, module := range comparedAgainst {
		if strings.Contains(string(gomod), module+" ") {
			t.Errorf("go.mod requires %s: move the code that needs it to conformance/, bench/ or e2e/", module)
		}
	}
}

// TestNoPackageImportsUpstreamsDeclarativeValidation: k8s.io/apimachinery
// is a dependency, but its api/validate package is what kval's generated
// code is compared against.
func TestNoPackageImportsUpstreamsDeclarativeValidation(t *testing.T) {
	for _, p := range packages(t) {
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, "k8s.io/apimachinery/pkg/api/validate") {
				t.Errorf("%s imports %s", p.ImportPath, imp)
			}
		}
	}
}
