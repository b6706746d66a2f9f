package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// baseCRD is the example CRD with a transition rule on spec.version, beside
// x-kubernetes-mutability: Immutable on spec.engine.
func baseCRD(t *testing.T) string {
	crd := readTestFile(t, "../../../../examples/crd.yaml")
	const pattern = "                pattern: ^[0-9]+(\\.[0-9]+)*$\n"
	if !strings.Contains(crd, pattern) {
		t.Fatal("examples/crd.yaml changed: spec.version has no pattern")
	}
	rule := pattern + "                x-kubernetes-validations:\n" +
		"                - {rule: self >= oldSelf, message: the version may not go back}\n"
	return strings.Replace(crd, pattern, rule, 1)
}

// The objects at the base commit and at the head commit: orders changes
// its immutable engine, ledger's version goes back, legacy is deleted,
// fresh is new.
const (
	baseObjects = `apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: orders, namespace: shop}
spec: {engine: postgres, version: "16.2"}
---
apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: ledger, namespace: shop}
spec: {engine: postgres, version: "15.6"}
---
apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: legacy, namespace: shop}
spec: {engine: mysql, version: "5.7"}
`
	headObjects = `apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: orders, namespace: shop}
spec: {engine: mysql, version: "16.2"}
---
# ledger is rolled back
apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: ledger, namespace: shop}
spec: {engine: postgres, version: "15.1"}
---
apiVersion: example.kval.dev/v1
kind: Database
metadata: {name: fresh, namespace: shop}
spec: {engine: postgres, version: "17"}
`
	namespace = "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n"
)

// gitRepo makes a repository whose branch main has the base objects and
// whose branch feature, checked out, has the head objects.
func gitRepo(t *testing.T) string {
	return gitRepoOf(t,
		map[string]string{"crds/database.yaml": baseCRD(t), "deploy/databases.yaml": baseObjects, "deploy/namespace.yaml": namespace},
		map[string]string{"deploy/databases.yaml": headObjects})
}

// gitRepoOf makes a repository whose branch main has the files of base
// and whose branch feature, checked out, has head's written over them.
func gitRepoOf(t *testing.T, base, head map[string]string) string {
	dir := t.TempDir()
	write := func(files map[string]string) {
		t.Helper()
		for path, content := range files {
			path = filepath.Join(dir, path)
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	gitIn(t, dir, "init", "-q", "-b", "main")
	write(base)
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "base")
	gitIn(t, dir, "checkout", "-q", "-b", "feature")
	write(head)
	gitIn(t, dir, "commit", "-q", "-am", "head")
	return dir
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=kval", "-c", "user.email=kval@example.com", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// TestBaseFindsUpdatesAndDeletions: --base finds an immutable field
// changed, a transition rule broken and an object deleted, each with its
// file and the line of the changed field (not of the document's first
// line, ledger's comment), and validates new objects as creates.
func TestBaseFindsUpdatesAndDeletions(t *testing.T) {
	dir := gitRepo(t)
	code, stdout, stderr := runKval(t, dir, "validate", "--crd", "crds", "--base", "main", "deploy")
	want := []string{
		`deploy/databases.yaml:4: The Database "orders" is invalid: spec.engine: Forbidden: field is immutable (kval's check)`,
		`deploy/databases.yaml:10: The Database "ledger" is invalid: spec.version: Invalid value: "15.1": the version may not go back`,
		`deploy/databases.yaml:12: Database "fresh" is valid (create)`,
		`main:deploy/databases.yaml:11: Database "legacy" is deleted (not validated)`,
		`2 valid, 2 invalid, 1 deleted`,
	}
	if code != ExitInvalid {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, ExitInvalid, stderr)
	}
	for _, line := range want {
		if !strings.Contains(stdout, line+"\n") {
			t.Errorf("no line %q in:\n%s", line, stdout)
		}
	}
}

// TestBaseOnShallowCheckout: a shallow clone of the change alone lacks the
// base, and says how to get it; once it is fetched, --base works.
func TestBaseOnShallowCheckout(t *testing.T) {
	origin := gitRepo(t)
	clone := filepath.Join(t.TempDir(), "clone")
	gitIn(t, t.TempDir(), "clone", "-q", "--depth=1", "--branch", "feature", "file://"+origin, clone)
	code, _, stderr := runKval(t, clone, "validate", "--crd", "crds", "--base", "origin/main", "deploy")
	if code != ExitBadInput || !strings.Contains(stderr, "--base origin/main: no such commit in this repository; on a shallow checkout, fetch it first") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	gitIn(t, clone, "fetch", "-q", "--depth=1", "origin", "main:refs/remotes/origin/main")
	code, stdout, stderr := runKval(t, clone, "validate", "--crd", "crds", "--base", "origin/main", "-o", "github", "deploy")
	if code != ExitInvalid || !strings.Contains(stdout, "::error file=deploy/databases.yaml,line=4,") ||
		!strings.Contains(stdout, `::notice file=deploy/databases.yaml,line=11,title=kval%3A Database "legacy"::Database "legacy" is deleted (not validated)`) {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestBaseOutsideGit(t *testing.T) {
	dir := t.TempDir()
	crd := filepath.Join(dir, "crd.yaml")
	if err := os.WriteFile(crd, []byte(baseCRD(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runKval(t, dir, "validate", "--crd", crd, "--base", "main", ".")
	if code != ExitBadInput || !strings.Contains(stderr, "error: --base main: the current directory is not in a git work tree") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, args := range [][]string{{"--base", "main", "-"}, {"--base", "main", "--old", "x.yaml", "."}} {
		code, _, stderr := runKval(t, dir, append([]string{"validate", "--crd", crd}, args...)...)
		if code != ExitBadInput || !strings.Contains(stderr, "--base") {
			t.Errorf("%q: exit %d, stderr:\n%s", args, code, stderr)
		}
	}
}

// TestBaseWithOperatorVersions: a KUDO Instance whose immutable parameter
// a change edits fails --base with --operator-versions, at the line of the
// parameter; a mutable parameter's change passes.
func TestBaseWithOperatorVersions(t *testing.T) {
	instance := readTestFile(t, "../../../../examples/params/instance.yaml")
	changed := strings.NewReplacer("DISK_SIZE: 5Gi", "DISK_SIZE: 10Gi", `NODE_COUNT: "5"`, `NODE_COUNT: "7"`).Replace(instance)
	nodesOnly := strings.Replace(instance, `NODE_COUNT: "5"`, `NODE_COUNT: "7"`, 1)
	crds, err := filepath.Abs("../../../../examples/params/kudo-crds.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ovs, _ := filepath.Abs("../../../../examples/params/v1")
	for _, tc := range []struct {
		name, head string
		code       int
		want       string
	}{
		{"immutable parameter changed", changed, ExitInvalid,
			`deploy/zk.yaml:12: The Instance "zk" is invalid: spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "10Gi" (kval's check)`},
		{"mutable parameter changed", nodesOnly, ExitValid, `deploy/zk.yaml:1: Instance "zk" is valid (update)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := gitRepoOf(t, map[string]string{"deploy/zk.yaml": instance}, map[string]string{"deploy/zk.yaml": tc.head})
			code, stdout, stderr := runKval(t, dir, "validate", "--crd", crds, "--operator-versions", ovs, "--base", "main", "deploy")
			if code != tc.code || !strings.Contains(stdout, tc.want+"\n") {
				t.Errorf("exit %d, want %d and %q; stdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, stdout, stderr)
			}
		})
	}
}

// TestBaseSARIFPointsAtFields: code scanning gets the changed fields'
// lines, not the documents' first lines (1, and ledger's comment on 6).
func TestBaseSARIFPointsAtFields(t *testing.T) {
	dir := gitRepo(t)
	code, stdout, stderr := runKval(t, dir, "validate", "--crd", "crds", "--base", "main", "-o", "sarif", "deploy")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						Region struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || code != ExitInvalid {
		t.Fatalf("exit %d, %v; stderr:\n%s", code, err, stderr)
	}
	var got []string
	for _, r := range log.Runs[0].Results {
		for _, l := range r.Locations {
			got = append(got, fmt.Sprintf("%s:%d", r.RuleID, l.PhysicalLocation.Region.StartLine))
		}
	}
	want := []string{"FieldValueForbidden:4", "FieldValueInvalid:10"}
	if !slices.Equal(got, want) {
		t.Errorf("results at %v, want %v", got, want)
	}
}

// TestAnEmptyBaseIsBadInput: --base "" (an unset variable in CI, say
// $GITHUB_BASE_REF on a push) is refused, not read as no --base, which
// checked every object as a create and passed.
func TestAnEmptyBaseIsBadInput(t *testing.T) {
	dir := t.TempDir()
	crd := filepath.Join(dir, "crd.yaml")
	if err := os.WriteFile(crd, []byte(baseCRD(t)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runKval(t, dir, "validate", "--crd", crd, "--base", "", ".")
	if code != ExitBadInput || !strings.Contains(stderr, `--base ""`) {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
}
