package celrules

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

const expensiveSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      hosts:
        type: array
        items: {type: string}
        x-kubernetes-validations:
        - rule: self.all(h, self.exists_one(g, g == h))
      groups:
        type: array
        items:
          type: object
          properties:
            members:
              type: array
              maxItems: 10
              items: {type: string, maxLength: 64}
              x-kubernetes-validations:
              - rule: self.all(m, m.startsWith('x'))
`

// TestFixesBringRulesUnderTheLimit: every suggested fix, applied to the
// schema, leaves the rule within kube-apiserver's limit.
func TestFixesBringRulesUnderTheLimit(t *testing.T) {
	root := parseSchema(t, expensiveSchema)
	checker := NewChecker()
	schema.CheckSchemaPartial(nil, root, schema.CheckOptions{Rules: checker})
	var over []RuleCost
	for _, c := range checker.Costs() {
		if c.OverLimit() {
			over = append(over, c)
		}
	}
	if len(over) != 2 {
		t.Fatalf("want the two rules over the limit, got %d: %+v", len(over), checker.Costs())
	}
	for _, c := range over {
		fixes := c.Fixes()
		if len(fixes) == 0 {
			t.Errorf("%s: no fix", c.Path)
		}
		for _, fix := range fixes {
			fixed := root
			for _, b := range fix {
				fixed = withBound(fixed, stepsOf(t, b.Path), b.Keyword, b.Value)
			}
			if errs := costErrors(fixed, c.Path); len(errs) > 0 {
				t.Errorf("%s with %s: still %v", c.Path, fix, errs)
			}
			loosened := root
			for _, b := range fix {
				loosened = withBound(loosened, stepsOf(t, b.Path), b.Keyword, b.Value+1)
			}
			if errs := costErrors(loosened, c.Path); len(errs) == 0 && len(fix) == 1 {
				t.Errorf("%s with %s: the value is not the largest that fits", c.Path, fix)
			}
		}
	}
}

// costErrors checks the schema and returns the cost errors about path.
func costErrors(root *schema.Schema, path *field.Path) field.ErrorList {
	var out field.ErrorList
	for _, e := range schema.CheckSchemaPartial(nil, root, schema.CheckOptions{Rules: NewChecker()}) {
		if e.Field == path.String() && strings.HasPrefix(e.Detail, "estimated rule cost exceeds") {
			out = append(out, e)
		}
	}
	return out
}

// stepsOf turns a schema path ("properties[spec].items") into steps.
func stepsOf(t *testing.T, p *field.Path) []schema.RuleStep {
	t.Helper()
	var steps []schema.RuleStep
	rest := p.String()
	for rest != "" {
		rest = strings.TrimPrefix(rest, ".")
		switch {
		case strings.HasPrefix(rest, "properties["):
			end := strings.Index(rest, "]")
			steps = append(steps, schema.RuleStep{Kind: schema.StepProperty, Property: rest[len("properties["):end]})
			rest = rest[end+1:]
		case strings.HasPrefix(rest, "items"):
			steps = append(steps, schema.RuleStep{Kind: schema.StepItems})
			rest = rest[len("items"):]
		case strings.HasPrefix(rest, "additionalProperties"):
			steps = append(steps, schema.RuleStep{Kind: schema.StepAdditionalProperties})
			rest = rest[len("additionalProperties"):]
		default:
			t.Fatalf("cannot read %q", p)
		}
	}
	return steps
}
