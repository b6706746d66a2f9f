package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// configRepo is a repository with a config file at its root, a
// subdirectory, and a ConfigMap with a field no schema knows.
func configRepo(t *testing.T, config string) (root, sub, object string) {
	t.Helper()
	root = t.TempDir()
	sub = filepath.Join(root, "deploy", "prod")
	for _, dir := range []string{filepath.Join(root, ".git"), sub} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	object = filepath.Join(sub, "cm.yaml")
	os.WriteFile(object, []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\nextra: 1\n"), 0o644)
	os.WriteFile(filepath.Join(root, configFileName), []byte(config), 0o644)
	return root, sub, object
}

// TestConfigFileAtRepositoryRoot: a run in a subdirectory takes the
// flags of the repository's .kval.yaml; the command line wins.
func TestConfigFileAtRepositoryRoot(t *testing.T) {
	_, sub, object := configRepo(t, "validate:\n  skip-json-path: [\"ConfigMap:/extra\"]\n  output: json\n")
	code, stdout, stderr := runKval(t, sub, "validate", object)
	if code != ExitValid || !strings.HasPrefix(stdout, "{") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, _ = runKval(t, sub, "validate", "--skip-json-path", "/other", "-o", "text", object)
	if code != ExitInvalid || !strings.Contains(stdout, `unknown field "extra"`) {
		t.Fatalf("command line: exit %d\n%s", code, stdout)
	}
	if code, _, _ := runKval(t, sub, "validate", "--config", "/dev/null", object); code != ExitInvalid {
		t.Fatalf("--config /dev/null: exit %d", code)
	}
}

// TestConfigFileOnlyInTheRepository: outside a repository only the
// working directory's config file is read, not a parent's.
func TestConfigFileOnlyInTheRepository(t *testing.T) {
	root, sub, object := configRepo(t, "validate:\n  skip-json-path: [\"/extra\"]\n")
	os.RemoveAll(filepath.Join(root, ".git"))
	if code, stdout, _ := runKval(t, sub, "validate", object); code != ExitInvalid {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	if code, stdout, _ := runKval(t, root, "validate", object); code != ExitValid {
		t.Fatalf("in the file's directory: exit %d\n%s", code, stdout)
	}
}

// TestConfigFileErrors: a section, flag or value that kval does not take
// is unusable input naming the file and what is wrong.
func TestConfigFileErrors(t *testing.T) {
	for config, want := range map[string]string{
		"valdate:\n  output: json\n":          `"valdate" is not a kval command`,
		"validate:\n  outptu: json\n":         "has no flag --outptu",
		"validate:\n  output: [json, yaml]\n": "a list, but the flag takes one value",
		"validate:\n  jobs: many\n":           "--jobs",
		"validate:\n  config: x.yaml\n":       "has no flag --config",
		"validate: [\n":                       "config file",
	} {
		_, sub, object := configRepo(t, config)
		code, _, stderr := runKval(t, sub, "validate", object)
		if code != ExitBadInput || !strings.Contains(stderr, want) {
			t.Errorf("%q: exit %d, want %q in\n%s", config, code, want, stderr)
		}
	}
}

// TestPrintConfig: --print-config prints every flag with where its value
// comes from, needs no files, and reads back as the same config.
func TestPrintConfig(t *testing.T) {
	root, sub, _ := configRepo(t, "validate:\n  skip-json-path: [\"ConfigMap:/extra\"]\n  crd: [a.yaml, b.yaml]\n")
	code, stdout, stderr := runKval(t, sub, "validate", "--print-config", "--fail-on", "warning")
	for _, want := range []string{
		`  skip-json-path: ["ConfigMap:/extra"] # config file`,
		`  crd: ["a.yaml","b.yaml"] # config file`,
		`  fail-on: "warning" # command line`,
		`  ratcheting: true # default`,
		filepath.Join(root, configFileName),
	} {
		if code != ExitValid || !strings.Contains(stdout, want) {
			t.Fatalf("exit %d, want %q in\n%s%s", code, want, stdout, stderr)
		}
	}
	printed := filepath.Join(t.TempDir(), "printed.yaml")
	os.WriteFile(printed, []byte(stdout), 0o644)
	_, again, _ := runKval(t, sub, "validate", "--print-config", "--config", printed)
	if configValues(again) != configValues(stdout) || !strings.Contains(again, "# config file") {
		t.Errorf("printed config does not read back:\n%s\n%s", stdout, again)
	}
}

// configValues is a printed config without its comments.
func configValues(printed string) string {
	var lines []string
	for _, line := range strings.Split(printed, "\n")[1:] {
		value, _, _ := strings.Cut(line, " # ")
		lines = append(lines, value)
	}
	return strings.Join(lines, "\n")
}
