package celrules

import (
	"maps"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/kval-dev/kval/schema"
)

// ruleIndex reads i from …x-kubernetes-validations[i].rule.
func ruleIndex(p *field.Path) (int, bool) {
	s := p.String()
	s = strings.TrimSuffix(s, "].rule")
	open := strings.LastIndex(s, "[")
	if open < 0 {
		return 0, false
	}
	n := 0
	for _, c := range s[open+1:] {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// candidate is a place where a bound could go: the steps from the schema
// root to it, its keyword, and its current value (nil when unbounded).
type candidate struct {
	steps   []schema.RuleStep
	path    *field.Path
	keyword string
	current *int64
}

func (c candidate) bound(v int64) Bound { return Bound{Path: c.path, Keyword: c.keyword, Value: v} }

// fixEstimator re-estimates one rule's cost with bounds changed.
type fixEstimator struct {
	cost  RuleCost
	index int
}

// candidates lists the lists and maps above the rule's node and the lists,
// maps and strings at and below it.
func (e *fixEstimator) candidates() []candidate {
	var out []candidate
	s := e.cost.root
	path := e.cost.schemaPath
	steps := e.cost.node.Steps
	for i := 0; i < len(steps); i++ {
		if c, ok := cardinalityCandidate(s, steps[:i], path); ok {
			out = append(out, c)
		}
		s, path = stepDown(s, steps[i], path)
	}
	return append(out, sizeCandidates(s, append([]schema.RuleStep(nil), steps...), path)...)
}

// cardinalityCandidate is the bound of a list or map that multiplies the
// occurrences of the nodes below it.
func cardinalityCandidate(s *schema.Schema, steps []schema.RuleStep, path *field.Path) (candidate, bool) {
	c := candidate{steps: append([]schema.RuleStep(nil), steps...), path: path}
	switch {
	case s.Type == "array":
		c.keyword, c.current = "maxItems", s.MaxItems
	case s.Type == "object" && s.AdditionalProperties != nil:
		c.keyword, c.current = "maxProperties", s.MaxProperties
	default:
		return c, false
	}
	return c, true
}

// sizeCandidates lists the bounds at and below s that size the values a
// rule sees: maxItems, maxProperties and maxLength.
func sizeCandidates(s *schema.Schema, steps []schema.RuleStep, path *field.Path) []candidate {
	var out []candidate
	if c, ok := cardinalityCandidate(s, steps, path); ok {
		out = append(out, c)
	} else if s.Type == "string" || s.IntOrString {
		out = append(out, candidate{steps: steps, path: path, keyword: "maxLength", current: s.MaxLength})
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		step := schema.RuleStep{Kind: schema.StepProperty, Property: name}
		child, childPath := stepDown(s, step, path)
		out = append(out, sizeCandidates(child, appendStep(steps, step), childPath)...)
	}
	if s.Items != nil {
		step := schema.RuleStep{Kind: schema.StepItems}
		child, childPath := stepDown(s, step, path)
		out = append(out, sizeCandidates(child, appendStep(steps, step), childPath)...)
	}
	if ap := s.AdditionalPropertiesSchema(); ap != nil {
		step := schema.RuleStep{Kind: schema.StepAdditionalProperties}
		child, childPath := stepDown(s, step, path)
		out = append(out, sizeCandidates(child, appendStep(steps, step), childPath)...)
	}
	return out
}

func appendStep(steps []schema.RuleStep, step schema.RuleStep) []schema.RuleStep {
	return append(append([]schema.RuleStep(nil), steps...), step)
}

func stepDown(s *schema.Schema, step schema.RuleStep, path *field.Path) (*schema.Schema, *field.Path) {
	switch step.Kind {
	case schema.StepProperty:
		return s.Properties[step.Property], path.Child("properties").Key(step.Property)
	case schema.StepItems:
		return s.Items, path.Child("items")
	}
	return s.AdditionalPropertiesSchema(), path.Child("additionalProperties")
}

// largestUnderLimit finds the largest value that, given to every candidate,
// brings the cost under the limit; costs grow with the bounds. A bound of
// zero is no fix.
func (e *fixEstimator) largestUnderLimit(cands []candidate) (int64, bool) {
	if e.estimate(cands, 1) > e.cost.Limit {
		return 0, false
	}
	lo, hi := int64(1), celconfig.MaxRequestSizeBytes
	for _, c := range cands {
		if c.current != nil && *c.current < hi {
			hi = *c.current
		}
	}
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if e.estimate(cands, mid) <= e.cost.Limit {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if cur := cands[0].current; len(cands) == 1 && cur != nil && lo >= *cur {
		return 0, false // already there: the bound is not what makes the cost
	}
	return lo, true
}

// estimate is the rule's cost with the candidates bounded by v.
func (e *fixEstimator) estimate(cands []candidate, v int64) uint64 {
	root := e.cost.root
	for _, c := range cands {
		root = withBound(root, c.steps, c.keyword, v)
	}
	ch, ok := newChain(root, e.cost.node.Steps)
	if !ok {
		return 0
	}
	info, err := newTypeResolver(newAdapter()).info(ch, len(ch.steps))
	if err != nil || info == nil || info.decl == nil || e.index >= len(info.schema.Validations) {
		return 0
	}
	compiler, err := newRuleCompiler(info.schema, info.decl, NewExpressions)
	if err != nil {
		return 0
	}
	r := compiler.compile(&info.schema.Validations[e.index])
	return ruleCost(&r, ch.cardinality())
}

// withBound returns a copy of root whose node at steps has the keyword set
// to v; the nodes on the way are copied, everything else is shared.
func withBound(root *schema.Schema, steps []schema.RuleStep, keyword string, v int64) *schema.Schema {
	out := *root
	if len(steps) == 0 {
		value := v
		switch keyword {
		case "maxItems":
			out.MaxItems = &value
		case "maxProperties":
			out.MaxProperties = &value
		default:
			out.MaxLength = &value
		}
		return &out
	}
	step := steps[0]
	switch step.Kind {
	case schema.StepProperty:
		props := make(map[string]*schema.Schema, len(root.Properties))
		for k, p := range root.Properties {
			props[k] = p
		}
		props[step.Property] = withBound(root.Properties[step.Property], steps[1:], keyword, v)
		out.Properties = props
	case schema.StepItems:
		out.Items = withBound(root.Items, steps[1:], keyword, v)
	default:
		ap := *root.AdditionalProperties
		ap.Schema = withBound(ap.Schema, steps[1:], keyword, v)
		out.AdditionalProperties = &ap
	}
	return &out
}
