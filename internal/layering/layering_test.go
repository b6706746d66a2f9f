package layering

import (
	"bufio"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/golist"
)

const module = "github.com/kval-dev/kval/"

// backticked finds the `names` of a table cell.
var backticked = regexp.MustCompile("`([a-z0-9/]+)`")

// layers reads CONTRIBUTING.md's layout table: for each package directory,
// its layer (0 is the top one). A row whose layer cell is empty belongs to
// the layer of the row above it.
func layers(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open("../../CONTRIBUTING.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rank := map[string]int{}
	inTable, layer := false, -1
	for s := bufio.NewScanner(f); s.Scan(); {
		line := s.Text()
		switch {
		case line == "| layer | package | owns |":
			inTable = true
		case inTable && strings.HasPrefix(line, "|---"):
		case inTable && strings.HasPrefix(line, "| "):
			cells := strings.Split(line, "|")
			if strings.TrimSpace(cells[1]) != "" || layer < 0 {
				layer++
			}
			addPackages(rank, cells[2], layer)
		case inTable:
			return rank
		}
	}
	return rank
}

// addPackages ranks the package directories named in a table cell.
func addPackages(rank map[string]int, cell string, layer int) {
	for _, m := range backticked.FindAllStringSubmatch(cell, -1) {
		if info, err := os.Stat("../../" + m[1]); err == nil && info.IsDir() {
			rank[m[1]] = layer
		}
	}
}

// layerOf is the row of the longest listed directory holding pkg.
func layerOf(rank map[string]int, pkg string) (int, bool) {
	best, found := "", false
	for dir := range rank {
		if (pkg == dir || strings.HasPrefix(pkg, dir+"/")) && len(dir) >= len(best) {
			best, found = dir, true
		}
	}
	return rank[best], found
}

// packages lists every package of the main module.
func packages(t *testing.T) []golist.Package {
	t.Helper()
	pkgs, err := golist.List("../..", "./...")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// TestLowerLayersNeverImportHigherOnes checks every import between the
// module's packages against CONTRIBUTING.md's layout table.
func TestLowerLayersNeverImportHigherOnes(t *testing.T) {
	rank := layers(t)
	if len(rank) < 20 {
		t.Fatalf("read %d packages from CONTRIBUTING.md's layout table", len(rank))
	}
	for _, p := range packages(t) {
		rel := strings.TrimPrefix(p.ImportPath, module)
		layer, ok := layerOf(rank, rel)
		if !ok {
			if !strings.HasPrefix(rel, "internal/") && !strings.HasPrefix(rel, "examples/") {
				t.Errorf("%s is in no row of CONTRIBUTING.md's layout table", rel)
			}
			continue
		}
		for _, imp := range p.Imports {
			if other, ok := layerOf(rank, strings.TrimPrefix(imp, module)); ok && strings.HasPrefix(imp, module) && other < layer {
				t.Errorf("%s imports %s, a package of a higher layer of the layout table", rel, strings.TrimPrefix(imp, module))
			}
		}
	}
}
