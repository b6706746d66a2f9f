package celrules_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// TestLazyDefaultsLintEveryCRDAlike lints every CRD of the repository's
// test data with the defaults' rules compiled lazily (kval's
// DefaultEvaluator) and all at once (as before): the findings are the
// same, in the same order.
func TestLazyDefaultsLintEveryCRDAlike(t *testing.T) {
	if testing.Short() {
		t.Skip("lints every CRD of the test data twice")
	}
	ctx := context.Background()
	checked, withFindings := 0, 0
	files, err := corpus.TestDataYAML()
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		for _, crd := range schema.LoadFiles([]string{file}).CRDs {
			lazy := lint.CheckCRD(ctx, crd, lint.Options{})
			eager := lint.CheckCRD(ctx, crd, lint.Options{DefaultRules: celrules.EagerDefaultEvaluator{}})
			if !reflect.DeepEqual(lazy, eager) {
				t.Errorf("%s: %s: lazy defaults give\n%v\nall-at-once gives\n%v", file, crd.Name(), lazy, eager)
			}
			checked++
			if len(lazy) > 0 {
				withFindings++
			}
		}
	}
	if checked < 100 || withFindings == 0 {
		t.Fatalf("linted %d CRDs, %d with findings: the test data has moved", checked, withFindings)
	}
}

// A default's subtree with a rule that fails on the default, one that
// does not compile where the default has a value, and one that does not
// compile where it has none.
const defaultsSubtree = `
type: object
default: {reached: "x", broken: "x"}
properties:
  reached:
    type: string
    x-kubernetes-validations:
    - rule: self == "y"
      message: must be y
  broken:
    type: string
    x-kubernetes-validations:
    - rule: self.nope == 1
  unreached:
    type: string
    x-kubernetes-validations:
    - rule: self.nope == 2
`

// TestLazyDefaultsReportWhatTheDefaultReaches: compiled lazily, the rules
// of a default's subtree report what they report compiled all at once:
// the failed rule and the compile error where the default has values,
// nothing for the rule it does not reach, the same budget left.
func TestLazyDefaultsReportWhatTheDefaultReaches(t *testing.T) {
	var value map[string]any
	if err := yaml.Unmarshal([]byte(defaultsSubtree), &value); err != nil {
		t.Fatal(err)
	}
	s, errs := schema.Parse(nil, value)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	path := field.NewPath("spec", "default")
	lazy, lazyLeft := celrules.NewDefaultEvaluator().EvaluateDefault(context.Background(), path, s, false, s.Default, celrules.RuntimeCELCostBudget)
	eager, eagerLeft := celrules.EagerDefaultEvaluator{}.EvaluateDefault(context.Background(), path, s, false, s.Default, celrules.RuntimeCELCostBudget)
	if !reflect.DeepEqual(lazy, eager) || lazyLeft != eagerLeft {
		t.Fatalf("lazy: %v (budget %d left)\nall at once: %v (budget %d left)", lazy, lazyLeft, eager, eagerLeft)
	}
	got := lazy.ToAggregate().Error()
	for _, want := range []string{"spec.default.broken: Invalid value: \"string\": rule compile error", "spec.default.reached: Invalid value: \"x\": must be y"} {
		if !strings.Contains(got, want) {
			t.Errorf("errors %q lack %q", got, want)
		}
	}
	if strings.Contains(got, "unreached") || strings.Contains(got, "nope == 2") || len(lazy) != 2 {
		t.Errorf("errors %q: want the two of the reached nodes alone", got)
	}
}
