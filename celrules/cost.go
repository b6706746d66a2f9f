package celrules

import (
	"fmt"
	"math"

	"github.com/google/cel-go/checker"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/library"
)

// kube-apiserver's limits on the cost of x-kubernetes-validations.
const (
	// StaticEstimatedCostLimit bounds the estimated cost of one rule (times
	// the number of times it can run) or messageExpression.
	StaticEstimatedCostLimit = 10000000
	// StaticEstimatedCRDCostLimit bounds the estimated cost of all rules of
	// one schema.
	StaticEstimatedCRDCostLimit = 100000000
	// PerCallLimit bounds the actual cost of one evaluation.
	PerCallLimit = celconfig.PerCallLimit
	// RuntimeCELCostBudget bounds the actual cost of all evaluations on one
	// object, and, when a CRD is checked (lint), on all defaults of one schema.
	RuntimeCELCostBudget = celconfig.RuntimeCELCostBudget
)

// newCostEstimator estimates the cost of a rule on a node of type root:
// Kubernetes' function costs, with the sizes of lists, maps and strings
// bounded by the schema (maxItems, maxProperties, maxLength, or what fits
// into a request).
func newCostEstimator(root *apiservercel.DeclType) *library.CostEstimator {
	return &library.CostEstimator{SizeEstimator: &sizeEstimator{root: root}}
}

// sizeEstimator bounds the size of a value a rule reaches from self (or
// oldSelf, which has the same type) by the MaxElements of its declared type.
type sizeEstimator struct {
	root *apiservercel.DeclType
}

func (e *sizeEstimator) EstimateSize(element checker.AstNode) *checker.SizeEstimate {
	path := element.Path()
	if len(path) == 0 {
		return nil
	}
	t := e.root
	for _, step := range path[1:] { // path[0] is the variable
		if t = stepInto(t, step); t == nil {
			return nil
		}
	}
	return &checker.SizeEstimate{Min: 0, Max: uint64(t.MaxElements)}
}

// stepInto follows one step of a checker path through a declared type.
func stepInto(t *apiservercel.DeclType, step string) *apiservercel.DeclType {
	switch step {
	case "@items", "@values":
		return t.ElemType
	case "@keys":
		return t.KeyType
	}
	f, ok := t.Fields[step]
	if !ok {
		return nil
	}
	return f.Type
}

func (e *sizeEstimator) EstimateCallCost(string, string, *checker.AstNode, []checker.AstNode) *checker.CallEstimate {
	return nil
}

// unboundedCardinality is how often a node of minimal serialized size
// minSize can occur in one request at most: the bound for nodes below lists
// and maps without maxItems or maxProperties.
func unboundedCardinality(minSize int64) uint64 {
	return uint64(celconfig.MaxRequestSizeBytes / (minSize + 1))
}

// multiplyCapped multiplies, saturating at the largest uint64.
func multiplyCapped(cost, cardinality uint64) uint64 {
	if cost == 0 {
		return 0
	}
	if math.MaxUint64/cost < cardinality {
		return math.MaxUint64
	}
	return cost * cardinality
}

// addCapped adds, saturating at the largest uint64.
func addCapped(a, b uint64) uint64 {
	if math.MaxUint64-a < b {
		return math.MaxUint64
	}
	return a + b
}

// costErrorMessage is kube-apiserver's message for a cost over its limit.
func costErrorMessage(costName string, cost, limit uint64) string {
	factor := float64(cost) / float64(limit)
	var text string
	switch {
	case factor > 100.0:
		// at two orders of magnitude the rule is quadratic or worse and
		// the figure says nothing more
		text = "more than 100x"
	case factor < 1.5:
		text = fmt.Sprintf("%fx", factor)
	default:
		text = fmt.Sprintf("%.1fx", factor)
	}
	return fmt.Sprintf("%s exceeds budget by factor of %s (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)", costName, text)
}
