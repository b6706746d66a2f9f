package gatewaycel

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// suiteEnv names the directory of Gateway API's CEL suite (tests/cel of a
// gateway-api checkout whose release matches the module in go.mod).
const suiteEnv = "KVAL_GATEWAY_CEL_SUITE"

// channels are the CRD channels the suite runs on; each is also the build
// tag that selects the suite's files of that channel.
var channels = []string{"standard", "experimental"}

// TestGatewayCELSuite runs the CEL suite found at $KVAL_GATEWAY_CEL_SUITE
// against kvaltest, once per channel. The suite's files are not part of
// this repository: they are laid over ./suite with `go test -overlay`, and
// the suite's main_test.go (its envtest setup) is replaced by
// suite/kvaltest_main_test.go. Without the variable the test is skipped,
// which proves nothing.
func TestGatewayCELSuite(t *testing.T) {
	dir := os.Getenv(suiteEnv)
	if dir == "" {
		t.Skipf("%s is unset: set it to the tests/cel directory of a gateway-api checkout to run Gateway API's CEL suite against kvaltest", suiteEnv)
	}
	overlay := writeOverlay(t, dir)
	crds := filepath.Join(goList(t, "-m", "-f", "{{.Dir}}", "sigs.k8s.io/gateway-api"), "config", "crd")
	for _, channel := range channels {
		t.Run(channel, func(t *testing.T) {
			cmd := exec.CommandContext(t.Context(), "go", "test", "-count=1", "-v", "-overlay", overlay, "-tags", "gatewaycelsuite,"+channel, "./suite")
			cmd.Env = append(os.Environ(), "KVAL_GATEWAY_CRDS="+filepath.Join(crds, channel))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, out)
			}
			passed := strings.Count(string(out), "--- PASS: ")
			if passed == 0 {
				t.Fatalf("the suite ran no test:\n%s", out)
			}
			t.Logf("%d tests and subtests of the suite passed", passed)
		})
	}
}

// overlayFile is the JSON `go test -overlay` reads.
type overlayFile struct {
	Replace map[string]string
}

// writeOverlay maps every test file of the suite in dir, but its
// main_test.go, into ./suite, and returns the overlay's path.
func writeOverlay(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("%s=%s: no *_test.go files there (%v)", suiteEnv, dir, err)
	}
	pkg, err := filepath.Abs("suite")
	if err != nil {
		t.Fatal(err)
	}
	ov := overlayFile{Replace: map[string]string{}}
	for _, f := range files {
		name := filepath.Base(f)
		if name == "main_test.go" {
			continue
		}
		if _, err := os.Stat(filepath.Join(pkg, name)); err == nil {
			t.Fatalf("%s: the suite's %s would hide kval's file of that name", dir, name)
		}
		abs, err := filepath.Abs(f)
		if err != nil {
			t.Fatal(err)
		}
		ov.Replace[filepath.Join(pkg, name)] = abs
	}
	data, err := json.Marshal(ov)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "overlay.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func goList(t *testing.T, args ...string) string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out))
}

// TestOverlayLeavesTheSuitesMainOut: the suite's main_test.go (its envtest
// setup) is not laid over ./suite; its other test files are.
func TestOverlayLeavesTheSuitesMainOut(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"main_test.go", "route_test.go", "helper.go"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(writeOverlay(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	var ov overlayFile
	if err := json.Unmarshal(data, &ov); err != nil {
		t.Fatal(err)
	}
	pkg, _ := filepath.Abs("suite")
	want := map[string]string{filepath.Join(pkg, "route_test.go"): filepath.Join(dir, "route_test.go")}
	if fmt.Sprint(ov.Replace) != fmt.Sprint(want) {
		t.Errorf("overlay %v, want %v", ov.Replace, want)
	}
}
