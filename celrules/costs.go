package celrules

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

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

// Schema is the path of the openAPIV3Schema the rule is in: the costs of
// one schema count towards one total (StaticEstimatedCRDCostLimit).
func (rc RuleCost) Schema() *field.Path { return rc.schemaPath }

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
func (rc RuleCost) Fixes() []Fix { return rc.FixesWithin(rc.Limit) }

// FixesWithin is Fixes for a budget other than the rule's limit: the share
// of the schema's total (StaticEstimatedCRDCostLimit) that the other rules
// leave to this one. Without a cost over the budget there is nothing to fix.
func (rc RuleCost) FixesWithin(budget uint64) []Fix {
	rc.Limit = budget
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
