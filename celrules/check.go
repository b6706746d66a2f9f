package celrules

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/kval-dev/kval/schema"
)

// Checker compiles the rules of CRD schemas when the CRD is checked, as
// kube-apiserver does on create (schema.RuleChecker). It keeps the
// estimated cost of every rule it checked, for Costs.
type Checker struct {
	costs []RuleCost
}

var _ schema.UpdateRuleChecker = (*Checker)(nil)

// NewChecker returns a Checker; use one per CRD to read its Costs.
func NewChecker() *Checker { return &Checker{} }

// Begin starts the checks of one openAPIV3Schema at path.
func (c *Checker) Begin(path *field.Path, root *schema.Schema) schema.RuleScope {
	return c.BeginUpdate(path, root, schema.RuleUpdate{})
}

// BeginUpdate starts the checks of one openAPIV3Schema of a CRD update:
// expressions the old CRD already had compile in the stored-expressions
// environment, and an unchanged schema has no per-expression cost limit.
func (c *Checker) BeginUpdate(path *field.Path, root *schema.Schema, update schema.RuleUpdate) schema.RuleScope {
	a := newAdapter()
	return &checkScope{checker: c, path: path, root: root, types: newTypeResolver(a), update: update}
}

// checkScope checks the rules of one openAPIV3Schema.
type checkScope struct {
	checker *Checker
	path    *field.Path
	root    *schema.Schema
	types   *typeResolver
	total   totalCost
	update  schema.RuleUpdate
}

// CheckRules compiles the rules of one node in the environment for new
// expressions and reports what kube-apiserver reports, rule by rule: cost
// over the limit, compile errors, messageExpression errors and cost, oldSelf
// where it cannot be used, optionalOldSelf without oldSelf.
func (sc *checkScope) CheckRules(n schema.RuleNode) (errs field.ErrorList) {
	rulesPath := n.Path.Child("x-kubernetes-validations")
	defer func() {
		if p := recover(); p != nil {
			errs = append(errs, field.InternalError(rulesPath, fmt.Errorf("checking the rules panicked: %v", p)))
		}
	}()
	c, ok := newChain(sc.root, n.Steps)
	if !ok {
		return field.ErrorList{field.InternalError(rulesPath, fmt.Errorf("internal error: failed to retrieve type information for x-kubernetes-validations"))}
	}
	info, err := sc.types.info(c, len(n.Steps))
	switch {
	case err != nil:
		return field.ErrorList{field.InternalError(rulesPath, fmt.Errorf("internal error: failed to construct type information for x-kubernetes-validations rules: %s", err))}
	case info == nil:
		return field.ErrorList{field.InternalError(rulesPath, fmt.Errorf("internal error: failed to retrieve type information for x-kubernetes-validations"))}
	case info.decl == nil:
		return field.ErrorList{field.InternalError(rulesPath, errNoDeclType)}
	}
	compiler, err := newRuleCompiler(info.schema, info.decl, NewExpressions)
	if err != nil {
		return field.ErrorList{field.InternalError(rulesPath, err)}
	}
	compiler.stored = sc.update
	cardinality := c.cardinality()
	for i, compiled := range compiler.compileAll() {
		errs = append(errs, sc.checkRule(rulesPath.Index(i), &compiled, cardinality, n)...)
	}
	return errs
}

// checkRule reports the errors of one compiled rule at path (…x-kubernetes-validations[i]).
func (sc *checkScope) checkRule(path *field.Path, r *compiledRule, cardinality *uint64, n schema.RuleNode) field.ErrorList {
	var errs field.ErrorList
	rulePath := path.Child("rule")
	cost := ruleCost(r, cardinality)
	if cost > StaticEstimatedCostLimit && !sc.update.UnchangedSchema {
		errs = append(errs, field.Forbidden(rulePath, costErrorMessage("estimated rule cost", cost, StaticEstimatedCostLimit)))
	}
	sc.observe(rulePath, r.rule.Rule, cost, StaticEstimatedCostLimit, n)
	if r.err != nil {
		errs = append(errs, compileError(rulePath, r))
	}
	if r.messageErr != nil {
		errs = append(errs, field.Invalid(path.Child("messageExpression"), *r.rule, r.messageErr.Detail))
	} else if r.message != nil {
		msgPath := path.Child("messageExpression")
		if r.messageMaxCost > StaticEstimatedCostLimit && !sc.update.UnchangedSchema {
			errs = append(errs, field.Forbidden(msgPath, costErrorMessage("estimated messageExpression cost", r.messageMaxCost, StaticEstimatedCostLimit)))
		}
		sc.observe(msgPath, r.rule.MessageExpression, r.messageMaxCost, StaticEstimatedCostLimit, n)
	}
	switch {
	case r.usesOldSelf && n.Uncorrelatable != nil:
		errs = append(errs, field.Invalid(rulePath, r.rule.Rule, fmt.Sprintf("oldSelf cannot be used on the uncorrelatable portion of the schema within %v", n.Uncorrelatable)))
	case !r.usesOldSelf && r.rule.OptionalOldSelf != nil:
		errs = append(errs, field.Invalid(path.Child("optionalOldSelf"), *r.rule.OptionalOldSelf, "may not be set if oldSelf is not used in rule"))
	}
	return errs
}

// compileError reports a rule that did not compile, with the whole rule as
// the bad value (rendered like upstream's internal ValidationRule).
func compileError(path *field.Path, r *compiledRule) *field.Error {
	if r.err.Type == apiservercel.ErrorTypeRequired {
		return field.Required(path, r.err.Detail)
	}
	return field.Invalid(path, *r.rule, r.err.Detail)
}

// ruleCost is a rule's estimated cost times how often its node can occur:
// the bound from maxItems and maxProperties above it, or else how often the
// smallest value of its type fits into a request.
func ruleCost(r *compiledRule, cardinality *uint64) uint64 {
	if cardinality != nil {
		return multiplyCapped(r.maxCost, *cardinality)
	}
	return multiplyCapped(r.maxCost, r.maxCardinality)
}

// Parts of the errors about a schema over the total limit.
const (
	totalCostName      = "x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema"
	contributedToTotal = "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema"
)

// IsTotalCostError reports whether e is one of the errors about a schema
// whose rules together cost more than StaticEstimatedCRDCostLimit: a rule
// among the most expensive, or the schema. A caller that reads the costs
// (Checker.Costs, RuleCost.Schema) can tell every rule's share instead.
func IsTotalCostError(e *field.Error) bool {
	return e.Type == field.ErrorTypeForbidden &&
		(e.Detail == contributedToTotal || strings.HasPrefix(e.Detail, totalCostName+" "))
}

// Finish reports a schema whose rules together cost more than kube-apiserver
// allows: the (at most four) most expensive rules, then the schema.
func (sc *checkScope) Finish() field.ErrorList {
	if sc.total.total <= StaticEstimatedCRDCostLimit {
		return nil
	}
	var errs field.ErrorList
	for _, e := range sc.total.mostExpensive {
		errs = append(errs, field.Forbidden(e.path, contributedToTotal))
	}
	return append(errs, field.Forbidden(sc.path, costErrorMessage(totalCostName, sc.total.total, StaticEstimatedCRDCostLimit)))
}

// observe adds an estimated cost to the schema's total and keeps it for Costs.
func (sc *checkScope) observe(path *field.Path, expr string, cost, limit uint64, n schema.RuleNode) {
	sc.total.add(path, cost)
	sc.checker.costs = append(sc.checker.costs, RuleCost{
		Path: path, Expression: expr, Cost: cost, Limit: limit,
		node: n, root: sc.root, schemaPath: sc.path,
	})
}

// totalCost is the estimated cost of all rules of a schema, with the most
// expensive rules (those of at least 1% of the limit, at most four).
type totalCost struct {
	total         uint64
	mostExpensive []pathCost
}

type pathCost struct {
	path *field.Path
	cost uint64
}

func (t *totalCost) add(path *field.Path, cost uint64) {
	t.total = addCapped(t.total, cost)
	if cost < StaticEstimatedCRDCostLimit/100 {
		return
	}
	t.mostExpensive = append(t.mostExpensive, pathCost{path: path, cost: cost})
	sort.SliceStable(t.mostExpensive, func(i, j int) bool { return t.mostExpensive[i].cost > t.mostExpensive[j].cost })
	if len(t.mostExpensive) > 4 {
		t.mostExpensive = t.mostExpensive[:4]
	}
}
