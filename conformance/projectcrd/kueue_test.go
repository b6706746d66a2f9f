package projectcrd

import (
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
	"github.com/kval-dev/kval/gen/crd"
)

// kueueCRDs are generated as Kueue's Makefile generates them:
// crd:generateEmbeddedObjectMeta=true, paths ./apis/... (apis/config and
// apis/visibility hold no kinds of a +groupName package).
var kueueCRDs = once(crd.Options{Dir: kueueModule, Patterns: []string{"sigs.k8s.io/kueue/apis/kueue/..."}, GenerateEmbeddedObjectMeta: true})

// kueueModule is the module generated in: it requires Kueue alone, so
// k8s.io/api is at the version of Kueue's go.mod.
const kueueModule = "testdata/kueue-module"

// TestKueue: kval's CRDs of Kueue v0.17.0 are the ones the module ships
// but for the differences listed in differences_test.go.
func TestKueue(t *testing.T) {
	dir := filepath.Join(moduleDir(t, kueueModule, "sigs.k8s.io/kueue"), "config", "components", "crd", "bases")
	rel, err := readCRDs(dir)
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/projectcrd: Kueue v0.17.0, config/components/crd/bases (differences_test.go)",
		kueueCRDs(t), rel, kueueDifferences)
}
