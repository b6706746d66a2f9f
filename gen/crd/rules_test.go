package crd

import (
	"strings"
	"testing"
)

// TestRulesAreValid generates a CRD from every +k8s: tag that becomes a
// rule: Generate lints it (CEL compilation and cost), so no problem means
// kube-apiserver accepts every rule.
func TestRulesAreValid(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/rules"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	if len(res.CRDs) != 1 {
		t.Fatalf("%d CRDs", len(res.CRDs))
	}
	y := string(res.CRDs[0].YAML)
	for _, want := range []string{
		"message: field is immutable",
		"message: field cannot be set once created",
		"message: may not be set when a is set",
		"rule: '[has(self.a), has(self.b)].filter(x, x).size() == 1'",
		"message: 'must specify at most one of: `c`, `d`'",
		"rule: self != \"none\"",
		"minItems: 1",
		"exclusiveMinimum: true",
		"exclusiveMaximum: true",
		"maximum: 100",
	} {
		if !strings.Contains(y, want) {
			t.Errorf("missing %q in:\n%s", want, y)
		}
	}
	if strings.Contains(y, "maxItems: 2") {
		t.Error("the alpha rule was applied")
	}
}
