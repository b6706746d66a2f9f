package celrules

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// manyRulesSchema has n fields whose rule is each under the per-rule limit
// and, for n large enough, together over the limit of the schema.
func manyRulesSchema(n int) string {
	var b strings.Builder
	b.WriteString("type: object\nproperties:\n")
	for i := range n {
		fmt.Fprintf(&b, "  f%d: {type: array, maxItems: 100, items: {type: string, maxLength: 1000}, x-kubernetes-validations: [{rule: \"self.all(a, self.all(b, a == b))\"}]}\n", i)
	}
	return b.String()
}

// TestTotalCostErrorsAreRecognised: the errors about a schema over the
// total limit, and only they, are total cost errors; the costs of the
// rules add up to more than the limit and name their schema.
func TestTotalCostErrorsAreRecognised(t *testing.T) {
	checker := NewChecker()
	schemaPath := field.NewPath("spec", "validation", "openAPIV3Schema")
	root := parseSchema(t, manyRulesSchema(30))
	scope := checker.Begin(schemaPath, root)
	for name, s := range root.Properties {
		step := schema.RuleStep{Kind: schema.StepProperty, Property: name}
		node := schema.RuleNode{Path: schemaPath.Child("properties").Key(name), Schema: s, Steps: []schema.RuleStep{step}}
		if errs := scope.CheckRules(node); len(errs) > 0 {
			t.Fatalf("%s: %v", name, errs)
		}
	}
	errs := scope.Finish()
	if len(errs) == 0 {
		t.Fatal("want the schema over the total limit")
	}
	for _, e := range errs {
		if !IsTotalCostError(e) {
			t.Errorf("not recognised: %v", e)
		}
	}
	var total uint64
	for _, c := range checker.Costs() {
		total += c.Cost
		if c.OverLimit() || c.Schema().String() != schemaPath.String() {
			t.Errorf("%s: cost %d, schema %s", c.Path, c.Cost, c.Schema())
		}
	}
	if total <= StaticEstimatedCRDCostLimit {
		t.Errorf("total %d, want over the limit", total)
	}
	perRule := field.Forbidden(field.NewPath("x"), costErrorMessage("estimated rule cost", 2, 1))
	if IsTotalCostError(perRule) {
		t.Errorf("a per-rule cost error is recognised as a total one")
	}
}

// TestFixesWithinABudget: a rule under its own limit has no fix for it but
// has fixes for a smaller budget, each bringing its cost within that budget.
func TestFixesWithinABudget(t *testing.T) {
	root := parseSchema(t, manyRulesSchema(1))
	checker := NewChecker()
	schema.CheckSchemaPartial(nil, root, schema.CheckOptions{Rules: checker})
	c := checker.Costs()[0]
	if len(c.Fixes()) > 0 {
		t.Fatalf("fixes for a rule under its limit: %v", c.Fixes())
	}
	budget := c.Cost / 3
	fixes := c.FixesWithin(budget)
	if len(fixes) == 0 {
		t.Fatalf("no fix for a budget of %d (cost %d)", budget, c.Cost)
	}
	for _, fix := range fixes {
		fixed := root
		for _, b := range fix {
			fixed = withBound(fixed, stepsOf(t, b.Path), b.Keyword, b.Value)
		}
		after := NewChecker()
		schema.CheckSchemaPartial(nil, fixed, schema.CheckOptions{Rules: after})
		if got := after.Costs()[0].Cost; got > budget {
			t.Errorf("with %s: cost %d, over the budget %d", fix, got, budget)
		}
	}
}
