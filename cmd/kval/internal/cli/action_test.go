package cli

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// actionStep is a step of action.yml.
type actionStep struct {
	Name, ID, Uses, If, Run string
	WorkingDirectory        string `json:"working-directory"`
	Env                     map[string]string
	With                    map[string]string
}

// actionInput is an input of action.yml.
type actionInput struct {
	Required bool
	Default  string
}

// readAction reads action.yml's inputs and steps.
func readAction(t *testing.T) (inputs map[string]actionInput, steps map[string]actionStep) {
	t.Helper()
	var action struct {
		Inputs map[string]actionInput
		Runs   struct{ Steps []actionStep }
	}
	raw, err := os.ReadFile(filepath.Join(actionPath, "action.yml"))
	if err == nil {
		err = yaml.Unmarshal(raw, &action)
	}
	if err != nil {
		t.Fatal(err)
	}
	steps = map[string]actionStep{}
	for _, s := range action.Runs.Steps {
		steps[s.Name] = s
	}
	return action.Inputs, steps
}

// actionPath is the repository's root, where action.yml and its scripts
// are: $GITHUB_ACTION_PATH.
const actionPath = "../../../.."

// runStep runs a step's script as GitHub runs bash steps, with env, and
// returns what it wrote to $GITHUB_OUTPUT.
func runStep(t *testing.T, script string, env map[string]string) string {
	t.Helper()
	for _, tool := range []string{"curl", "tar", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s: %v", tool, err)
		}
	}
	written, out, err := runBash(t, script, env)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return written
}

// runBash runs a step's script as GitHub runs bash steps, with env (and
// $GITHUB_ACTION_PATH), and returns what it wrote to $GITHUB_OUTPUT, and
// its output.
func runBash(t *testing.T, script string, env map[string]string) (written, out string, err error) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skipf("no bash: %v", err)
	}
	root, err := filepath.Abs(actionPath)
	if err != nil {
		t.Fatal(err)
	}
	output := filepath.Join(t.TempDir(), "output")
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), "GITHUB_OUTPUT="+output, "GITHUB_ACTION_PATH="+root)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	combined, err := cmd.CombinedOutput()
	raw, _ := os.ReadFile(output)
	return string(raw), string(combined), err
}

// TestActionCRDsOptional: the CRDs may come with the manifests, so crds
// is optional, and without it the script passes no --crd (issue 45 item 8),
// here on cert-manager's deploy/ tree, which carries its Issuer CRD. paths
// is optional too: a workflow may give only overlays or charts (issue 50).
func TestActionCRDsOptional(t *testing.T) {
	inputs, steps := readAction(t)
	if inputs["crds"].Required || inputs["paths"].Required {
		t.Errorf("crds required %v, paths required %v", inputs["crds"].Required, inputs["paths"].Required)
	}
	bin := t.TempDir()
	args := filepath.Join(bin, "args")
	writeFile(t, bin, "kval", "#!/bin/sh\necho \"$@\" > "+args+"\n")
	if err := os.Chmod(filepath.Join(bin, "kval"), 0o755); err != nil {
		t.Fatal(err)
	}
	runStep(t, steps["kval validate"].Run, map[string]string{"KVAL_BIN": bin, "KVAL_CRDS": "",
		"KVAL_PATHS": projects + "cert-manager/v1.21.2/deploy", "KVAL_OUTPUT": "github", "KVAL_FIELD_VALIDATION": "Strict", "KVAL_FAIL_ON": "error"})
	got, _ := os.ReadFile(args)
	want := "validate --output github --field-validation Strict --fail-on error " + projects + "cert-manager/v1.21.2/deploy\n"
	if string(got) != want {
		t.Errorf("kval ran with %q, want %q", got, want)
	}
}

// TestActionDownloadsTheRelease: a release's binary is downloaded, checked
// against checksums.txt and unpacked; a release without the asset, or with
// a checksum that does not match, falls back to the build (issue 45 item 8).
func TestActionDownloadsTheRelease(t *testing.T) {
	_, steps := readAction(t)
	script := steps["Download kval"].Run
	const asset = "kval_linux_amd64.tar.gz"
	for _, tc := range []struct {
		name, sum string
		assets    bool
		ok        bool
	}{
		{"released", "", true, true},
		{"checksum differs", strings.Repeat("0", 64), true, false},
		{"no asset", "", false, false},
	} {
		releases := t.TempDir()
		if tc.assets {
			writeRelease(t, filepath.Join(releases, "v9.9.9"), asset, tc.sum)
		}
		bin := filepath.Join(t.TempDir(), "bin")
		out := runStep(t, script, map[string]string{"KVAL_TAG": "v9.9.9", "KVAL_ASSET": asset, "KVAL_BIN": bin,
			"KVAL_CACHED": "", "KVAL_RELEASES": "file://" + releases})
		_, err := os.Stat(filepath.Join(bin, "kval"))
		if got := strings.Contains(out, "ok=true"); got != tc.ok || (err == nil) != tc.ok {
			t.Errorf("%s: output %q, binary %v; want ok %v", tc.name, out, err, tc.ok)
		}
	}
}

// writeRelease writes a release's tarball holding a kval file, and its
// checksums.txt (with sum instead of the real one when set).
func writeRelease(t *testing.T, dir, asset, sum string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(filepath.Join(dir, asset))
	if err != nil {
		t.Fatal(err)
	}
	gz := gzip.NewWriter(f)
	tw := tar.NewWriter(gz)
	body := []byte("#!/bin/sh\n")
	if err := tw.WriteHeader(&tar.Header{Name: "kval", Mode: 0o755, Size: int64(len(body))}); err != nil {
		t.Fatal(err)
	}
	_, err = tw.Write(body)
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if cerr := c.Close(); err == nil {
			err = cerr
		}
	}
	data, rerr := os.ReadFile(filepath.Join(dir, asset))
	if err != nil || rerr != nil {
		t.Fatal(err, rerr)
	}
	if sum == "" {
		sum = fmt.Sprintf("%x", sha256.Sum256(data))
	}
	writeFile(t, dir, "checksums.txt", sum+"  "+asset+"\n")
}
