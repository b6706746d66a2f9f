package celrules

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/kval-dev/kval/schema"
)

// RuleCost is the estimated cost of one rule (times how often its node can
// occur in an object) or messageExpression, as kube-apiserver estimates it
// when the CRD is created.
type RuleCost struct {
	// Path is …x-kubernetes-validations[i].rule or .messageExpression.
	Path       *field.Path
	Expression string
	Cost       uint64
	// Limit is the limit on this one cost (StaticEstimatedCostLimit).
	Limit uint64

	node       schema.RuleNode
	root       *schema.Schema
	schemaPath *field.Path
}

// Costs returns the estimated costs of every rule and messageExpression the
// checker compiled, in the order they were checked.
func (c *Checker) Costs() []RuleCost { return c.costs }

// OverLimit reports whether the cost is over its limit.
func (rc RuleCost) OverLimit() bool { return rc.Cost > rc.Limit }

// Bound is a maxItems, maxProperties or maxLength on a schema node.
type Bound struct {
	// Path is the schema node, e.g. …openAPIV3Schema.properties[spec].properties[hosts].
	Path    *field.Path
	Keyword string
	Value   int64
}

func (b Bound) String() string {
	return b.Keyword + " <= " + itoa(b.Value) + " at " + b.Path.String()
}

// Fix is a set of bounds that together bring a rule's cost under its limit.
type Fix []Bound

func (f Fix) String() string {
	parts := make([]string, len(f))
	for i, b := range f {
		parts[i] = b.String()
	}
	return strings.Join(parts, ", and ")
}

// Fixes suggests how to bring a rule over its limit under it. Candidates
// are the maxItems and maxProperties of the lists and maps above the rule's
// node and the maxItems, maxProperties and maxLength of the lists, maps and
// strings at and below it that the cost depends on. Each candidate that can
// do it alone is a fix, with the largest value that does; and when several
// of them are unbounded, the largest value that does when given to all of
// them together is one more. messageExpression costs get no fixes. Each
// candidate costs a few compilations.
func (rc RuleCost) Fixes() []Fix {
	if !rc.OverLimit() || rc.node.Schema == nil || !strings.HasSuffix(rc.Path.String(), ".rule") {
		return nil
	}
	index, ok := ruleIndex(rc.Path)
	if !ok {
		return nil
	}
	e := &fixEstimator{cost: rc, index: index}
	var fixes []Fix
	var unbounded []candidate
	for _, cand := range e.candidates() {
		if e.estimate([]candidate{cand}, 0) >= rc.Cost {
			continue // the cost does not depend on it
		}
		if v, ok := e.largestUnderLimit([]candidate{cand}); ok {
			fixes = append(fixes, Fix{cand.bound(v)})
		}
		if cand.current == nil {
			unbounded = append(unbounded, cand)
		}
	}
	if len(unbounded) > 1 {
		if v, ok := e.largestUnderLimit(unbounded); ok {
			var fix Fix
			for _, cand := range unbounded {
				fix = append(fix, cand.bound(v))
			}
			fixes = append(fixes, fix)
		}
	}
	return fixes
}

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
	for _, name := range sortedNames(s.Properties) {
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
