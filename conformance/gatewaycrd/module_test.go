package gatewaycrd

import (
	"os/exec"
	"strings"
	"testing"

	// The module's constants (consts.ApprovalLink) are what Gateway's
	// generator annotates its CRDs with; importing them also keeps the
	// module, whose files the tests read, in go.mod.
	"sigs.k8s.io/gateway-api/pkg/consts"
)

const gatewayModule = "sigs.k8s.io/gateway-api"

// moduleDir is the module's directory in the module cache: the released
// CRDs and the examples are read from there, never copied.
func moduleDir(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", gatewayModule).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", gatewayModule, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		t.Fatalf("%s is not downloaded: run go mod download", gatewayModule)
	}
	return dir
}

// approval is the api-approved.kubernetes.io annotation Gateway's generator
// sets on every CRD: kube-apiserver refuses a *.k8s.io group's CRD without
// it, and no marker in the Go types gives it.
var approval = map[string]string{"api-approved.kubernetes.io": consts.ApprovalLink}
