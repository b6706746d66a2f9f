package cli

import (
	"context"
	"hash/maphash"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	oldA = `{"apiVersion": "example.kval.dev/v1", "kind": "DatabaseList", "items": [` +
		`{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "a", "namespace": "ns"}, "spec": {"engine": "postgres", "version": "16", "primaryZone": "z1"}},` +
		`{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "b"}, "spec": {"engine": "postgres", "version": "16", "primaryZone": "z1"}}]}`
	oldC = "# current\napiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: c, namespace: ns}\nspec: {engine: postgres, version: \"16\", primaryZone: z1}\n"
)

// TestOldObjectsAreReadAgainWhenMatched: old objects of a JSON List and of
// stdin are found by identity (the namespace defaulted) and read again.
func TestOldObjectsAreReadAgainWhenMatched(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "old.json")
	if err := os.WriteFile(file, []byte(oldA), 0o644); err != nil {
		t.Fatal(err)
	}
	changed := strings.NewReplacer("postgres", "mysql", `"16"`, `"17"`)
	objects := filepath.Join(dir, "new.yaml")
	newObjects := changed.Replace(strings.Replace(oldC, "name: c", "name: b", 1)) + "---\n" + changed.Replace(oldC)
	if err := os.WriteFile(objects, []byte(newObjects), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	code := Main([]string{"validate", "--crd", "../../examples/crd.yaml", "--old", file, "--old", "-", "-n", "ns", objects},
		strings.NewReader(oldC), &stdout, &stderr)
	if code != ExitInvalid || strings.Count(stdout.String(), "spec.engine: Forbidden: field is immutable") != 2 {
		t.Errorf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// TestOldIndexSurvivesHashCollisions: an identity whose hash another
// identity holds is kept apart, and a lookup never returns another
// identity's object.
func TestOldIndexSurvivesHashCollisions(t *testing.T) {
	file := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(file, []byte(oldA), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cat, err := loadCatalog(ctx, streams{err: &strings.Builder{}}, []string{"../../examples/crd.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	o, err := loadOldObjects(ctx, streams{err: &strings.Builder{}}, cat, []string{file}, "ns")
	if err != nil {
		t.Fatal(err)
	}
	keyA, keyB := objectKey("example.kval.dev/v1", "Database", "ns", "a"), objectKey("example.kval.dev/v1", "Database", "ns", "b")
	entryA, entryB := o.byHash[maphash.String(o.seed, keyA)], o.byHash[maphash.String(o.seed, keyB)]
	o.byHash = map[uint64]oldEntry{maphash.String(o.seed, keyB): entryA} // a's entry under b's hash
	if obj, err := o.find("example.kval.dev/v1", "Database", "ns", "b"); obj != nil || err != nil {
		t.Errorf("b found as %v, %v", obj, err)
	}
	o.put(keyB, entryB)
	if len(o.byKey) != 1 {
		t.Fatalf("b not kept apart: %v", o.byKey)
	}
	obj, err := o.find("example.kval.dev/v1", "Database", "ns", "b")
	if err != nil || obj["metadata"].(map[string]any)["name"] != "b" {
		t.Errorf("b: %v, %v", obj, err)
	}
}
