package hostile

import (
	"strings"
	"testing"
	"time"
)

// Item 4: no wrong or silent answers.

// TestNothingToValidateIsSaid: an empty input, only "---", a closed stdin
// (the Go runtime reads /dev/null in its place) exited 0 with
// "0 valid, 0 invalid" and nothing else; --fail-on-empty makes it exit 2.
func TestNothingToValidateIsSaid(t *testing.T) {
	const warning = "Warning: no object was validated: the input is empty"
	for name, r := range map[string]run{
		"empty":        {args: []string{"validate", "--crd", crd(), "-"}, stdin: ""},
		"only ---":     {args: []string{"validate", "--crd", crd(), "-"}, stdin: "---\n---\n# nothing\n---\n"},
		"closed stdin": {args: []string{"validate", "--crd", crd(), "-"}, shell: "0<&-"},
		"prune":        {args: []string{"prune", "--crd", crd(), "-"}, stdin: "---\n"},
	} {
		t.Run(name, func(t *testing.T) {
			want := warning
			if name == "prune" {
				want = "Warning: no object was pruned: the input is empty"
			}
			check(t, r, expect{code: 0, once: want, within: 10 * time.Second})
			r.args = append([]string{r.args[0], "--fail-on-empty"}, r.args[1:]...)
			check(t, r, expect{code: 2, once: strings.Replace(want, "Warning", "error", 1), within: 10 * time.Second})
		})
	}
}

// TestStdinReadTwice: --crd - - read the CRDs from stdin, then found it
// empty for the objects.
func TestStdinReadTwice(t *testing.T) {
	check(t, run{args: []string{"validate", "--crd", "-", "-"}, stdin: "apiVersion: v1\n"}, expect{
		code: 2, once: `error: stdin ("-") is given 2 times: it can be read only once`, within: 10 * time.Second,
	})
}

// TestCommentsDoNotCountAgainstTheLimit: a 250-byte object under 3.3 MB of
// comments is 250 bytes of JSON for kube-apiserver (it was rejected).
func TestCommentsDoNotCountAgainstTheLimit(t *testing.T) {
	comments := strings.Repeat("# "+strings.Repeat("-", 98)+"\n", 33000)
	check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: comments + object("commented") + comments}, expect{
		code: 0, stdout: []string{`Database "commented" is valid (create)`}, within: 10 * time.Second, maxRSSMB: 100,
	})
	big := "apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: big}\nspec: {engine: postgres, version: \"16\", primaryZone: z1, parameters: {x: \"" +
		strings.Repeat("x", 3<<20) + "\"}}\n"
	check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: big}, expect{
		code: 1, onceOut: "<stdin>:1: invalid document: document is larger than 3145728 bytes as JSON, the limit of kube-apiserver", within: 10 * time.Second,
	})
}

// TestAMergeKeyOverride is accepted, with the value kubectl's decoder
// gives (it was rejected as a duplicate key).
func TestAMergeKeyOverride(t *testing.T) {
	merged := "base: &base {engine: postgres, version: \"16\", primaryZone: z1}\n" +
		"apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: merged, namespace: ns}\nspec:\n  <<: *base\n  engine: mysql\n"
	check(t, run{args: []string{"prune", "--crd", crd(), "-"}, stdin: merged}, expect{
		code: 0, stdout: []string{"  engine: mysql\n"}, stderr: []string{`unknown field "base"`}, within: 10 * time.Second,
	})
	// A duplicate key makes the document invalid (exit 1), as in validate.
	check(t, run{args: []string{"prune", "--crd", crd(), "-"}, stdin: merged + "  engine: db2\n"}, expect{
		code: 1, once: `<stdin>:1: line 8: key "engine" already set in map`, within: 10 * time.Second,
	})
}

// TestAnOutOfRangeNumberNamesItsField (1e400 was rejected without a field).
func TestAnOutOfRangeNumberNamesItsField(t *testing.T) {
	huge := "{\"apiVersion\": \"example.kval.dev/v1\", \"kind\": \"Database\", \"metadata\": {\"name\": \"n\"},\n" +
		"  \"spec\": {\"engine\": \"postgres\", \"version\": \"16\",\n    \"replicas\": 1e400}}\n"
	check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: huge}, expect{
		code: 1, onceOut: "<stdin>:3: invalid document: line 3: spec.replicas: json: cannot unmarshal number 1e400 into Go value of type float64", within: 10 * time.Second,
	})
}

// TestAnOldObjectOfTheWrongShape: the old object is taken as stored (kval,
// as kube-apiserver, never validates it); where an old value is not an
// object, it has no fields, so the update adds them, as when the whole
// object is added: spec.engine, immutable, may not be added (docs/limits.md,
// "Limits"). A leaf of the wrong type is still compared: a change is a
// change.
func TestAnOldObjectOfTheWrongShape(t *testing.T) {
	old := file(t, "old.yaml", strings.Replace(object("odd"), "spec: {engine: postgres, version: \"16\", primaryZone: z1, replicas: 1}", `spec: "hello"`, 1))
	changed := file(t, "new.yaml", strings.Replace(object("odd"), "postgres", "mysql", 1))
	check(t, run{args: []string{"validate", "--crd", crd(), "--old", old, changed}}, expect{
		code: 1, stdout: []string{"spec.engine: Forbidden: field is immutable"}, within: 10 * time.Second,
	})
	oldLeaf := file(t, "old-leaf.yaml", strings.Replace(object("odd"), "engine: postgres", "engine: 5", 1))
	check(t, run{args: []string{"validate", "--crd", crd(), "--old", oldLeaf, changed}}, expect{
		code: 1, stdout: []string{"spec.engine: Forbidden: field is immutable"}, within: 10 * time.Second,
	})
}
