package layering

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// comparedModules are the systems kval is compared against (DESIGN.md's
// dependencies), by import path prefix: kval's own code never uses them;
// the conformance, bench and e2e modules do.
var comparedModules = []string{"k8s.io/apiextensions-apiserver/", "k8s.io/code-generator/"}

// Declarative validation's runtime, which kval's validate package is
// compared against, is kept out of the main module's imports (and of its
// code's text) by conformance/validationgen's tests, which name it there.

// builtinValidation is the one way the compared systems enter the main
// module's build: kube-apiserver's own validation of built-in kinds
// (k8s.io/kubernetes), which uses apiextensions' feature gates and the
// declarative validation runtime itself (DESIGN.md's exception).
const builtinValidation = "github.com/kval-dev/kval/strategy"

// listedPackage is what go list says of a package.
type listedPackage struct {
	ImportPath string
	Imports    []string
	Deps       []string
}

// TestTheMainModuleNeverUsesWhatItIsComparedAgainst: no package of kval
// imports a compared system, and only package strategy and the packages
// built on it have apiextensions-apiserver or code-generator among their
// dependencies, through k8s.io/kubernetes.
func TestTheMainModuleNeverUsesWhatItIsComparedAgainst(t *testing.T) {
	for _, p := range listMainModule(t) {
		for _, imp := range p.Imports {
			if compared(imp) {
				t.Errorf("%s imports %s: move the code that needs it to conformance/, bench/ or e2e/", p.ImportPath, imp)
			}
		}
		if p.ImportPath != builtinValidation && !slices.Contains(p.Deps, builtinValidation) && slices.ContainsFunc(p.Deps, compared) {
			t.Errorf("%s depends on a compared system, and not through %s", p.ImportPath, builtinValidation)
		}
	}
}

func compared(path string) bool {
	return slices.ContainsFunc(comparedModules, func(prefix string) bool { return strings.HasPrefix(path, prefix) })
}

// listMainModule lists the main module's packages with their imports and
// dependencies.
func listMainModule(t *testing.T) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "github.com/kval-dev/kval/...")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOWORK=off") // the main module alone, not conformance/, bench/, e2e/
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	for dec := json.NewDecoder(strings.NewReader(string(out))); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			return pkgs
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
}
