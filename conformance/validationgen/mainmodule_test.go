package validationgen

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	upstream "k8s.io/apimachinery/pkg/api/validate"

	"github.com/kval-dev/kval/internal/golist"
	"github.com/kval-dev/kval/validate"
)

// These tests keep upstream's declarative-validation runtime out of the
// main module: they live here, in the module that compares kval's runtime
// with upstream's, and take both packages' paths from the imports above,
// so that the main module names upstream's runtime nowhere in its code.
// Generated code calls kval's runtime instead; neither depends on
// upstream's, even through apimachinery's helpers. (The engine reaches it
// through k8s.io/apimachinery's ObjectMeta validation and kube-apiserver's
// CEL libraries, which kval calls to answer as kube-apiserver does:
// k8s.io/apiserver/pkg/cel/library imports api/validation, which imports
// it, so it stays among the main module's dependencies while kval uses
// those libraries; no package of kval's imports it.)
var (
	upstreamRuntime = reflect.TypeFor[upstream.MatchFunc[int]]().PkgPath()
	kvalRuntime     = reflect.TypeFor[validate.FieldRef[int, int]]().PkgPath()
)

// reachUpstreamRuntime are the apimachinery packages generated code could
// be tempted to import that depend on upstreamRuntime (through its content
// checks); kval's runtime has its own equivalents.
var reachUpstreamRuntime = []string{
	"k8s.io/apimachinery/pkg/api/equality",
	"k8s.io/apimachinery/pkg/util/validation",
}

// repositoryRoot holds the main module.
const repositoryRoot = "../.."

// mainModulePackages lists every package of the main module.
func mainModulePackages(t *testing.T) []golist.Package {
	t.Helper()
	pkgs, err := golist.List(repositoryRoot, "./...")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// isUpstreamRuntime reports whether pkg is upstream's runtime or one of
// its packages.
func isUpstreamRuntime(pkg string) bool {
	return pkg == upstreamRuntime || strings.HasPrefix(pkg, upstreamRuntime+"/")
}

// TestPathsAreThePackagesCompared keeps the derived paths honest.
func TestPathsAreThePackagesCompared(t *testing.T) {
	if upstreamRuntime != "k8s.io/apimachinery/pkg/api/validate" || kvalRuntime != "github.com/kval-dev/kval/validate" {
		t.Fatalf("upstream's runtime %q, kval's %q", upstreamRuntime, kvalRuntime)
	}
}

// TestNoMainModulePackageImportsUpstreamsRuntime checks the imports of
// every package of the main module and of its tests.
func TestNoMainModulePackageImportsUpstreamsRuntime(t *testing.T) {
	pkgs := mainModulePackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list gave %d packages of the main module", len(pkgs))
	}
	for _, p := range pkgs {
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if isUpstreamRuntime(imp) {
				t.Errorf("%s imports %s: call kval's runtime, %s", p.ImportPath, imp, kvalRuntime)
			}
		}
	}
}

// TestGeneratedCodeCallsKvalsRuntime reads every file kval gen wrote into
// the main module (the examples and the generator's goldens).
func TestGeneratedCodeCallsKvalsRuntime(t *testing.T) {
	files := generatedFiles(t)
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

// generatedFiles are the zz_generated.validations.go files of the main
// module, outside the modules that hold what kval is compared against.
func generatedFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(repositoryRoot, func(path string, d os.DirEntry, err error) error {
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
	return files
}

// TestGeneratedCodeNeverReachesUpstreamsRuntime checks the dependencies,
// direct or not, of kval's runtime and of every package holding code kval
// gen wrote: apimachinery's util/validation and api/equality would bring
// upstream's runtime back in through its content checks.
func TestGeneratedCodeNeverReachesUpstreamsRuntime(t *testing.T) {
	checked := 0
	for _, p := range mainModulePackages(t) {
		if p.ImportPath != kvalRuntime && !slices.Contains(p.GoFiles, "zz_generated.validations.go") {
			continue
		}
		checked++
		for _, dep := range p.Deps {
			if isUpstreamRuntime(dep) {
				t.Errorf("%s depends on %s: use kval's runtime, %s, and its own checks", p.ImportPath, dep, kvalRuntime)
			}
		}
	}
	if checked < 3 {
		t.Fatalf("checked %d packages, want kval's runtime and the examples' generated code", checked)
	}
}
