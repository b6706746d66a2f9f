package gatewaycrd

import (
	"path/filepath"
	"sync"
	"testing"

	// The module's constants (consts.ApprovalLink) are what Gateway's
	// generator annotates its CRDs with; importing them also keeps the
	// module, whose files the tests read, in go.mod.
	"sigs.k8s.io/gateway-api/pkg/consts"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
)

// approval is the api-approved.kubernetes.io annotation Gateway's generator
// sets on every CRD.
var approval = map[string]string{"api-approved.kubernetes.io": consts.ApprovalLink}

// generated runs gen/crd once per test binary.
var generated = sync.OnceValues(func() (map[string]map[string]any, error) {
	return compare.Generate(compare.Packages, approval)
})

// generatedStandard runs gen/crd for the standard channel once per test
// binary.
var generatedStandard = sync.OnceValues(func() (map[string]map[string]any, error) {
	return compare.GenerateChannel(compare.Standard, compare.Packages, approval)
})

func generatedCRDs(t *testing.T) map[string]map[string]any {
	t.Helper()
	return crdsOf(t, generated)
}

func generatedStandardCRDs(t *testing.T) map[string]map[string]any {
	t.Helper()
	return crdsOf(t, generatedStandard)
}

func crdsOf(t *testing.T, gen func() (map[string]map[string]any, error)) map[string]map[string]any {
	t.Helper()
	crds, err := gen()
	if err != nil {
		t.Fatal(err)
	}
	return crds
}

// moduleDir is the module's directory in the module cache (v1.6.3, this
// module's go.mod says).
func moduleDir(t *testing.T) string {
	t.Helper()
	dir, err := compare.ModuleDir(compare.Module)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// releasedDir is the module's experimental channel.
func releasedDir(t *testing.T) string {
	return filepath.Join(moduleDir(t), "config", "crd", "experimental")
}

// releasedStandardDir is the module's standard channel.
func releasedStandardDir(t *testing.T) string {
	return filepath.Join(moduleDir(t), "config", "crd", "standard")
}
