package kubeapis

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kval-dev/kval/gen"
)

// pkgRef is a package upstream generates: its import path and its
// directory in each tree.
type pkgRef struct {
	path string
	dir  string // relative to a tree's root
	// source is the directory of upstream's committed file.
	source string
}

// trees are the two copies of a release's packages: up with upstream's
// committed files, kv with kval's.
type trees struct {
	up, kv string
	pkgs   []pkgRef
}

// buildTrees writes both trees under root and generates kv with kval.
func buildTrees(t *testing.T, r release, root string) *trees {
	t.Helper()
	src := r.sources(t)
	tr := &trees{up: filepath.Join(root, "up"), kv: filepath.Join(root, "kv")}
	var kdirs []string
	for _, d := range generatedDirs(t, src.kubernetes) {
		if strings.HasPrefix(d, "pkg/apis/") {
			kdirs = append(kdirs, d)
			tr.pkgs = append(tr.pkgs, pkgRef{path: "k8s.io/kubernetes/" + d, dir: d, source: filepath.Join(src.kubernetes, d)})
		}
	}
	tr.pkgs = append(tr.pkgs, stagingRefs(t, "api", src.api)...)
	tr.pkgs = append(tr.pkgs, stagingRefs(t, "apimachinery", src.apimachinery)...)
	copyAPIPackages(t, src.kubernetes, tr.up, kdirs, true)
	copyAPIPackages(t, src.kubernetes, tr.kv, kdirs, false)
	copyTree(t, src.api, filepath.Join(tr.kv, "staging/api"))
	copyTree(t, src.apimachinery, filepath.Join(tr.kv, "staging/apimachinery"))
	kval, _ := filepath.Abs("../..")
	sums := []string{filepath.Join(src.kubernetes, "go.sum"), filepath.Join(src.api, "go.sum"),
		filepath.Join(src.apimachinery, "go.sum"), filepath.Join(kval, "go.sum"), "../go.sum"}
	writeGoMod(t, tr.up, r, src.api, src.apimachinery, "", sums)
	writeGoMod(t, tr.kv, r, "./staging/api", "./staging/apimachinery", kval, sums)
	return tr
}

// stagingRefs are the packages of k8s.io/api or k8s.io/apimachinery that
// upstream generates in place.
func stagingRefs(t *testing.T, module, dir string) []pkgRef {
	var out []pkgRef
	for _, d := range generatedDirs(t, dir) {
		out = append(out, pkgRef{path: "k8s.io/" + module + "/" + d, dir: filepath.Join("staging", module, d), source: filepath.Join(dir, d)})
	}
	return out
}

// generateKval removes upstream's files from kv's staging copies, runs kval
// gen on every package as written and writes its files. It returns the
// problems and the packages kval wrote.
func generateKval(t *testing.T, r release, tr *trees) (problems []string, written []string) {
	t.Helper()
	patterns := []string{"./pkg/apis/..."}
	for _, p := range tr.pkgs {
		if strings.HasPrefix(p.dir, "staging/") {
			os.Remove(filepath.Join(tr.kv, p.dir, generatedFile))
			patterns = append(patterns, p.path)
		}
	}
	res, err := gen.Generate(gen.Options{Dir: tr.kv, Patterns: patterns, ReadOnly: r.readOnly})
	if err != nil {
		t.Fatalf("kval gen: %v", err)
	}
	for _, p := range res.Problems {
		problems = append(problems, p.String())
	}
	if err := gen.Write(res.Files); err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		written = append(written, f.Package)
	}
	sort.Strings(written)
	return problems, written
}

// useTreeEnv makes the go command and go/packages treat the trees on
// their own: no workspace, go.sum may be completed.
func useTreeEnv(t *testing.T) {
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
}
