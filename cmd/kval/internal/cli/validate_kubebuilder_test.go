package cli

import (
	"strings"
	"testing"
)

// TestValidateWithAKubebuilderCRDTree: --crd config/crd of a kubebuilder
// project reads the CRDs its kustomization lists, and the verdicts are
// those of examples/crd.yaml, its base.
func TestValidateWithAKubebuilderCRDTree(t *testing.T) {
	const objects = "../../../../examples/objects"
	code, tree, treeErr := runKval(t, "", "validate", "--crd", "../../../../testdata/kubebuilder/config/crd", objects)
	wantCode, want, _ := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", objects)
	if want == "" || code != wantCode || tree != want || strings.Contains(treeErr, "kustomiz") || strings.Contains(treeErr, "patches") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s\nwant exit %d and stdout:\n%s", code, tree, treeErr, wantCode, want)
	}
}
