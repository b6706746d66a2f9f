package kvaltest_test

import (
	"os"
	"strings"
	"testing"
)

// TestGuideManagerExampleIsATest: the Manager example of the operators'
// guide (docs/operators.md) is
// TestManagerOnKvaltest of e2e/kvaltestmanager (a module of its own, so
// that controller-runtime's Manager, and the apiextensions-apiserver it
// imports, stay out of the main module), but for the CRDs' path.
func TestGuideManagerExampleIsATest(t *testing.T) {
	readme, err := os.ReadFile("../docs/operators.md")
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("../e2e/kvaltestmanager/example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	example := between(string(readme), "```go\nfunc TestManagerOnKvaltest", "\n```")
	test := between(string(file), "func TestManagerOnKvaltest", "\n}\n") + "\n}"
	test = strings.Replace(test, `"../../examples/crd.yaml"`, `"config/crd"`, 1)
	if example == "" || example != test {
		t.Errorf("docs/operators.md example:\n%s\nwant, as e2e/kvaltestmanager/example_test.go:\n%s", example, test)
	}
}
