package celrules

import (
	"fmt"
	"strings"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/interpreter"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/library"

	"github.com/kval-dev/kval/schema"
)

// compiledRule is one x-kubernetes-validations entry, compiled.
type compiledRule struct {
	rule *schema.ValidationRule
	// program is nil when the rule is empty or did not compile (err says why).
	program cel.Program
	err     *apiservercel.Error
	// usesOldSelf: the rule is a transition rule.
	usesOldSelf     bool
	optionalOldSelf bool
	// maxCost is the estimated cost of one evaluation; maxCardinality how
	// often the node can occur in a request when nothing bounds it better.
	maxCost, maxCardinality uint64
	// unmetered is the program's root below cel-go's cost tracking
	// (unmetered.go), for a rule whose cost is bounded by sizeFreeCost
	// whatever the sizes of the values it reads (sizeFree), or by maxCost
	// when they are within their types' bounds (bounded); nil for others.
	unmetered         interpreter.InterpretableV2
	sizeFree, bounded bool
	sizeFreeCost      uint64
	// message is the compiled messageExpression, nil when there is none or
	// it did not compile (messageErr says why).
	message        cel.Program
	messageErr     *apiservercel.Error
	messageMaxCost uint64
	// fieldPath is the rule's fieldPath, normalized ("" when unset or invalid).
	fieldPath string
}

// ruleCompiler compiles the rules of one node.
type ruleCompiler struct {
	node  *schema.Schema
	envs  *envPair
	which Environment
	// stored are the expressions a CRD update keeps: they compile in the
	// stored-expressions environment whatever which says.
	stored    schema.RuleUpdate
	estimator *library.CostEstimator
	// maxCardinality is the node's unbounded cardinality.
	maxCardinality uint64
	// unmetered: keep the unmetered roots of rules whose cost does not
	// depend on sizes (for validating objects, not for checking CRDs).
	unmetered bool
}

func newRuleCompiler(node *schema.Schema, decl *apiservercel.DeclType, which Environment) (*ruleCompiler, error) {
	needOptional := false
	for _, r := range node.Validations {
		needOptional = needOptional || (r.OptionalOldSelf != nil && *r.OptionalOldSelf)
	}
	envs, err := newEnvPair(decl, needOptional, which)
	if err != nil {
		return nil, err
	}
	return &ruleCompiler{
		node: node, envs: envs, which: which,
		estimator:      newCostEstimator(decl),
		maxCardinality: unboundedCardinality(decl.MinSerializedSize),
	}, nil
}

// compileAll compiles every rule of the node, in order.
func (c *ruleCompiler) compileAll() []compiledRule {
	out := make([]compiledRule, len(c.node.Validations))
	for i := range c.node.Validations {
		out[i] = c.compile(&c.node.Validations[i])
	}
	return out
}

// compile compiles a rule and its messageExpression as kube-apiserver does,
// with its error details. An empty rule compiles to nothing, silently. A
// panic in the CEL libraries becomes an internal error of the rule.
func (c *ruleCompiler) compile(rule *schema.ValidationRule) (out compiledRule) {
	defer func() {
		if p := recover(); p != nil {
			out = compiledRule{rule: rule, err: internal(fmt.Sprintf("compiling the rule panicked: %v", p))}
		}
	}()
	out = compiledRule{rule: rule, optionalOldSelf: rule.OptionalOldSelf != nil && *rule.OptionalOldSelf}
	if strings.TrimSpace(rule.Rule) == "" {
		return out
	}
	which := c.environmentOf(rule.Rule, c.stored.StoredRules)
	env, err := c.envs.env(out.optionalOldSelf, which)
	if err != nil {
		out.err = internal(err.Error())
		return out
	}
	ast, issues := compileExpr(env, which, rule.Rule)
	if issues != nil {
		out.err = invalid("compilation failed: " + issues.String())
		return out
	}
	if ast.OutputType() != cel.BoolType {
		out.err = invalid("cel expression must evaluate to a bool")
		return out
	}
	out.usesOldSelf = referencesOldSelf(ast)
	var root interpreter.InterpretableV2
	prog, err := env.Program(ast, append(c.programOptions(env), captureRoot(ast, &root))...)
	if err != nil {
		out.err = invalid("program instantiation failed: " + err.Error())
		return out
	}
	estimate, err := env.EstimateCost(ast, c.estimator)
	if err != nil {
		out.err = internal("cost estimation failed: " + err.Error())
		return out
	}
	out.program, out.maxCost, out.maxCardinality = prog, estimate.Max, c.maxCardinality
	if c.unmetered && root != nil {
		out.sizeFreeCost, out.sizeFree = sizeFreeCost(env, ast)
		out.bounded = estimate.Max <= PerCallLimit && estimateBounds(ast)
		if out.sizeFree || out.bounded {
			out.unmetered = root
		}
	}
	messageWhich := c.environmentOf(rule.MessageExpression, c.stored.StoredMessages)
	if rule.MessageExpression != "" && !c.compileMessage(&out, messageWhich) {
		return out
	}
	if rule.FieldPath != "" {
		if p, ok := schema.RuleFieldPath(c.node, rule.FieldPath); ok {
			out.fieldPath = p.String()
		}
	}
	return out
}

// environmentOf is the environment of an expression: the stored-expressions
// one for an expression in stored, else the compiler's.
func (c *ruleCompiler) environmentOf(expr string, stored map[string]bool) Environment {
	if stored[expr] {
		return StoredExpressions
	}
	return c.which
}

// compileMessage compiles the messageExpression of a rule that compiled;
// false when it fails.
func (c *ruleCompiler) compileMessage(out *compiledRule, which Environment) bool {
	env, err := c.envs.env(out.optionalOldSelf, which)
	if err != nil {
		out.messageErr = internal(err.Error())
		return false
	}
	ast, issues := compileExpr(env, which, out.rule.MessageExpression)
	if issues != nil {
		out.messageErr = invalid("messageExpression compilation failed: " + issues.String())
		return false
	}
	if ast.OutputType() != cel.StringType {
		out.messageErr = invalid("messageExpression must evaluate to a string")
		return false
	}
	prog, err := env.Program(ast, c.programOptions(env)...)
	if err != nil {
		out.messageErr = invalid("messageExpression instantiation failed: " + err.Error())
		return false
	}
	estimate, err := env.EstimateCost(ast, c.estimator)
	if err != nil {
		out.messageErr = internal("cost estimation failed for messageExpression: " + err.Error())
		return false
	}
	out.message, out.messageMaxCost = prog, estimate.Max
	return true
}

// programOptions bound each evaluation by kube-apiserver's per-call limit,
// checked every CheckFrequency comprehension iterations, and the results
// it builds by the same limit and the budget, checked before each is built.
func (c *ruleCompiler) programOptions(env *cel.Env) []cel.ProgramOption {
	return []cel.ProgramOption{
		cel.CostLimit(PerCallLimit),
		cel.CostTracking(c.estimator),
		cel.InterruptCheckFrequency(celconfig.CheckFrequency),
		buildGuard(env),
	}
}

// referencesOldSelf reports whether a checked expression refers to oldSelf.
func referencesOldSelf(ast *cel.Ast) bool {
	for _, ref := range ast.NativeRep().ReferenceMap() {
		if ref.Name == oldSelfVar {
			return true
		}
	}
	return false
}

func invalid(detail string) *apiservercel.Error {
	return &apiservercel.Error{Type: apiservercel.ErrorTypeInvalid, Detail: detail}
}

func internal(detail string) *apiservercel.Error {
	return &apiservercel.Error{Type: apiservercel.ErrorTypeInternal, Detail: detail}
}
