package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOldImmutableFieldCannotChangeThroughItsParent: kval validate --old
// denies each of the two updates that would change spec.engine by way of
// spec, which the root does not require: removing spec removes the field,
// adding it back adds it.
func TestOldImmutableFieldCannotChangeThroughItsParent(t *testing.T) {
	const (
		withSpec = "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: c, namespace: ns}\nspec: {engine: %s, version: \"16\"}\n"
		bare     = "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: c, namespace: ns}\n"
	)
	steps := []struct{ name, old, new, want string }{
		{"spec removed", strings.Replace(withSpec, "%s", "postgres", 1), bare, "spec.engine: Forbidden: field is immutable"},
		{"spec added back", bare, strings.Replace(withSpec, "%s", "mysql", 1), "spec.engine: Forbidden: field is immutable"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			dir := t.TempDir()
			oldFile, newFile := filepath.Join(dir, "old.yaml"), filepath.Join(dir, "new.yaml")
			if err := os.WriteFile(oldFile, []byte(st.old), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(newFile, []byte(st.new), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr strings.Builder
			code := Main([]string{"validate", "--crd", "../../../../examples/crd.yaml", "--old", oldFile, newFile},
				strings.NewReader(""), &stdout, &stderr)
			if code != ExitInvalid || !strings.Contains(stdout.String(), st.want) {
				t.Errorf("exit %d, want %d with %q\n%s%s", code, ExitInvalid, st.want, stdout.String(), stderr.String())
			}
		})
	}
}
