package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// RuleChecker compiles the x-kubernetes-validations rules of CRD schemas when
// they are checked, as kube-apiserver does on create (CEL compilation, cost
// estimation, oldSelf placement, optionalOldSelf). Package celrules provides
// it. The checks call it exactly where upstream compiles rules:
//
//   - only for schemas that are structural and whose defaults passed
//     CheckOptions.Defaults;
//   - only for nodes reached from the root through properties, items and
//     additionalProperties (never inside allOf, anyOf, oneOf or not);
//   - only for nodes with no schema error at or below them.
//
// Its errors come after all schema errors of the same openAPIV3Schema, as upstream.
type RuleChecker interface {
	// Begin starts the checks of one openAPIV3Schema at path.
	Begin(path *field.Path, root *Schema) RuleScope
}

// RuleScope checks the rules of one openAPIV3Schema.
type RuleScope interface {
	// CheckRules compiles the rules of one node, which has at least one rule.
	// Nodes are visited children first.
	CheckRules(node RuleNode) field.ErrorList
	// Finish returns the errors about the schema as a whole (upstream's limit
	// on the estimated cost of all rules); it is called after the last node.
	Finish() field.ErrorList
}

// RuleNode is a schema node whose rules are to be compiled.
type RuleNode struct {
	// Path is the node's path, e.g. spec.validation.openAPIV3Schema.properties[spec].
	Path   *field.Path
	Schema *Schema
	// Steps lead from the root to the node; the CEL type of self and the
	// node's maximum cardinality follow from them.
	Steps []RuleStep
	// Uncorrelatable is the path of the highest ancestor below which old and
	// new values cannot be correlated (lists that are not maps, maps of type
	// other than atomic or granular): a rule using oldSelf is an error there,
	// reported with this path. Nil when oldSelf may be used.
	Uncorrelatable *field.Path
}

// RuleStep is one step from a schema node to a child.
type RuleStep struct {
	Kind     StepKind
	Property string // the property name for StepProperty
}

// StepKind says how a child schema is reached.
type StepKind int

const (
	StepProperty StepKind = iota
	StepItems
	StepAdditionalProperties
)

// ruleCursor is the position of the walk in the rule checks; nil when rules
// are not compiled in this subtree.
type ruleCursor struct {
	scope RuleScope
	steps []RuleStep
}

// child is the cursor one step down. The steps share their array with
// c's: the walk is depth first, so a schema N levels deep costs O(N), not
// O(N²); a RuleNode gets a copy of its own (rule checks keep it).
func (c *ruleCursor) child(step RuleStep) *ruleCursor {
	if c == nil {
		return nil
	}
	return &ruleCursor{scope: c.scope, steps: append(c.steps, step)}
}

// RuleUpdate is what the rule checks of a CRD update know of the old CRD.
// The zero value is a create.
type RuleUpdate struct {
	// StoredRules and StoredMessages are the rules and messageExpressions
	// anywhere in the old CRD: kube-apiserver compiles an expression it
	// already stores in the stored-expressions environment, so that a rule
	// accepted once is never refused later; new and changed expressions
	// are compiled in the new-expressions environment.
	StoredRules, StoredMessages map[string]bool
	// UnchangedSchema: the schema equals the old CRD's for its version; the
	// per-expression cost limit is not enforced on it (the limit on the
	// whole schema still is), so that a control plane upgrade never makes
	// an unchanged CRD unwritable.
	UnchangedSchema bool
}

// UpdateRuleChecker is a RuleChecker that can check the rules of a CRD
// update. The checks of an update use BeginUpdate when the RuleChecker has
// it, and Begin (a create's checks) otherwise.
type UpdateRuleChecker interface {
	RuleChecker
	// BeginUpdate starts the checks of one openAPIV3Schema of a CRD update.
	BeginUpdate(path *field.Path, root *Schema, update RuleUpdate) RuleScope
}

// beginRules starts the rule checks of one openAPIV3Schema, as an update
// when tol says so and the checker can.
func beginRules(checker RuleChecker, path *field.Path, root *Schema, tol *tolerance, version string) RuleScope {
	u, ok := checker.(UpdateRuleChecker)
	if tol == nil || !ok {
		return checker.Begin(path, root)
	}
	update := tol.rules
	update.UnchangedSchema = tol.unchangedSchemas[version]
	return u.BeginUpdate(path, root, update)
}

// storedExpressions collects the rules and messageExpressions of every
// schema of spec, wherever they are nested.
func storedExpressions(spec *CRDSpec) RuleUpdate {
	u := RuleUpdate{StoredRules: map[string]bool{}, StoredMessages: map[string]bool{}}
	spec.eachRule(func(r ValidationRule) {
		u.StoredRules[r.Rule] = true
		if r.MessageExpression != "" {
			u.StoredMessages[r.MessageExpression] = true
		}
	})
	return u
}

// Expressions returns the CEL expressions of spec: the rules and
// messageExpressions of x-kubernetes-validations in every schema, each
// once, in the order they first appear.
func (spec *CRDSpec) Expressions() []string {
	var out []string
	seen := map[string]bool{}
	add := func(text string) {
		if text != "" && !seen[text] {
			seen[text] = true
			out = append(out, text)
		}
	}
	spec.eachRule(func(r ValidationRule) {
		add(r.Rule)
		add(r.MessageExpression)
	})
	return out
}

// eachRule calls fn with every x-kubernetes-validations entry of spec.
func (spec *CRDSpec) eachRule(fn func(ValidationRule)) {
	spec.hasSchemaWith(func(s *Schema) bool {
		for _, r := range s.Validations {
			fn(r)
		}
		return false
	})
}
