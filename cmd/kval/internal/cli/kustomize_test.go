package cli

import (
	"strings"
	"testing"
)

// TestValidateKustomizeOverlays: --kustomize renders overlays as
// kustomize build does (name prefix, namespace, patches) and validates
// them, reported by their directories, with the catalog's CRDs; files are
// not needed.
func TestValidateKustomizeOverlays(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "validate", "--catalog", "--catalog-dir", catalogCopy,
		"--kustomize", "testdata/kustomize/overlays/prod", "--kustomize", "testdata/kustomize/overlays/broken")
	for _, want := range []string{
		`testdata/kustomize/overlays/prod (kustomize build):1: Deployment "prod-web" is valid`,
		`testdata/kustomize/overlays/prod (kustomize build):20: Certificate "prod-web" is valid`,
		`testdata/kustomize/overlays/broken (kustomize build):26: The Certificate "web" is invalid: spec.duration`,
	} {
		if code != ExitInvalid || !strings.Contains(stdout, want) {
			t.Fatalf("exit %d, want %q in\n%s%s", code, want, stdout, stderr)
		}
	}
}

// TestValidateKustomizeErrors: a directory kustomize cannot build is
// unusable input naming it.
func TestValidateKustomizeErrors(t *testing.T) {
	code, _, stderr := runKval(t, "", "validate", "--kustomize", "testdata/kustomize/base/deployment.yaml")
	if code != ExitBadInput || !strings.Contains(stderr, "--kustomize testdata/kustomize/base/deployment.yaml: ") {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
}
