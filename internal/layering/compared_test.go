package layering

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// comparedModules are the systems kval is compared against (DESIGN.md's
// dependencies): they live only in the conformance, bench and e2e modules.
var comparedModules = []string{
	"k8s.io/apiextensions-apiserver",
	"k8s.io/code-generator",
}

// upstreamRuntime is the runtime of upstream's declarative validation,
// which kval's generated code is compared against: generated code calls
// kval's own runtime package instead, and neither it nor that runtime
// depends on upstream's, even through apimachinery's helpers. (The engine
// reaches it through k8s.io/apimachinery's ObjectMeta validation and
// kube-apiserver's CEL libraries, which kval calls to answer as
// kube-apiserver does: k8s.io/apiserver/pkg/cel/library imports
// api/validation, which imports it, so it stays in the main module's
// dependencies while kval uses those libraries; and metav1 itself reaches
// its content package through labels.)
const (
	upstreamRuntime = "k8s.io/apimachinery/pkg/api/validate"
	kvalRuntime     = module + "validate"
)

// reachUpstreamRuntime are the apimachinery packages generated code could
// be tempted to import that depend on upstreamRuntime (through its content
// checks); kval's runtime has its own equivalents.
var reachUpstreamRuntime = []string{
	"k8s.io/apimachinery/pkg/api/equality",
	"k8s.io/apimachinery/pkg/util/validation",
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

// TestNoPackageImportsUpstreamsRuntime checks the imports of every package
// of the main module and of its tests.
func TestNoPackageImportsUpstreamsRuntime(t *testing.T) {
	for _, p := range packages(t) {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if imp == upstreamRuntime || strings.HasPrefix(imp, upstreamRuntime+"/") {
				t.Errorf("%s imports %s: call kval's runtime, %s", p.ImportPath, imp, kvalRuntime)
			}
		}
	}
}

// TestGeneratedCodeCallsKvalsRuntime reads every file kval gen wrote into
// the main module (the examples and the generator's goldens).
func TestGeneratedCodeCallsKvalsRuntime(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../..", func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && slices.Contains([]string{".git", "conformance", "bench", "e2e"}, d.Name()):
			return filepath.SkipDir
		case d.Name() == "zz_generated.validations.go":
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found %d generated files, want the examples' and the goldens'", len(files))
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), `"`+kvalRuntime+`"`) || strings.Contains(string(src), `"`+upstreamRuntime) {
			t.Errorf("%s does not call kval's runtime (%s) alone", file, kvalRuntime)
		}
		for _, imp := range reachUpstreamRuntime {
			if strings.Contains(string(src), `"`+imp+`"`) {
				t.Errorf("%s imports %s, which depends on %s", file, imp, upstreamRuntime)
			}
		}
	}
}

// TestGeneratedCodeNeverReachesUpstreamsRuntime checks the dependencies,
// direct or not, of kval's runtime and of every package holding code kval
// gen wrote: apimachinery's util/validation and api/equality would bring
// upstream's runtime back in through its content checks.
func TestGeneratedCodeNeverReachesUpstreamsRuntime(t *testing.T) {
	checked := 0
	for _, p := range packages(t) {
		if p.ImportPath != kvalRuntime && !slices.Contains(p.GoFiles, "zz_generated.validations.go") {
			continue
		}
		checked++
		for _, dep := range p.Deps {
			if dep == upstreamRuntime || strings.HasPrefix(dep, upstreamRuntime+"/") {
				t.Errorf("%s depends on %s: use kval's runtime, %s, and its own checks", p.ImportPath, dep, kvalRuntime)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("checked %d packages, want kval's runtime and the examples' generated code", checked)
	}
}
