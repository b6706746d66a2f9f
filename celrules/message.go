package celrules

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/google/cel-go/cel"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	apiservercel "k8s.io/apiserver/pkg/cel"

	"github.com/kval-dev/kval/schema"
)

// Reasons a rule may give for its errors (x-kubernetes-validations[*].reason).
const (
	ReasonInvalid   = "FieldValueInvalid"
	ReasonForbidden = "FieldValueForbidden"
	ReasonRequired  = "FieldValueRequired"
	ReasonDuplicate = "FieldValueDuplicate"
)

// ruleFailure is the error of a rule that evaluated to false, of the type
// its reason asks for. value is the bad value (omitted for objects and
// arrays); a duplicate carries no detail, as upstream.
func ruleFailure(path *field.Path, value any, detail string, reason *string) *field.Error {
	if reason == nil {
		return field.Invalid(path, value, detail)
	}
	switch *reason {
	case ReasonForbidden:
		return field.Forbidden(path, detail)
	case ReasonRequired:
		return field.Required(path, detail)
	case ReasonDuplicate:
		return field.Duplicate(path, value)
	}
	return field.Invalid(path, value, detail)
}

// ruleMessage is the detail of a failed rule without messageExpression (or
// whose messageExpression gave nothing usable): its message, or the rule.
func ruleMessage(rule *schema.ValidationRule) string {
	if rule.Message == "" {
		return "failed rule: " + ruleName(rule)
	}
	return strings.TrimSpace(rule.Message)
}

// ruleName names a rule in errors about it: its message, else its text.
func ruleName(rule *schema.ValidationRule) string {
	if rule.Message != "" {
		return strings.TrimSpace(rule.Message)
	}
	return strings.TrimSpace(rule.Rule)
}

// messageOutcome is the result of evaluating a messageExpression.
type messageOutcome struct {
	message string
	// err is nil when message is usable. An error of type Internal or
	// Invalid stops all further rules; any other (untyped) one falls back to
	// the rule's message.
	err *apiservercel.Error
	// budget is what is left; negative after a fatal error.
	budget int64
}

// evalMessage evaluates a messageExpression with what is left of the budget,
// with kube-apiserver's limits: at most 5 KiB once trimmed, one line, not empty.
func evalMessage(ctx context.Context, prog cel.Program, source string, act *activation, budget int64) messageOutcome {
	act.builds.reset(budget)
	val, details, err := eval(ctx, prog, act)
	if details == nil || details.ActualCost() == nil {
		return messageOutcome{budget: -1, err: &apiservercel.Error{Type: apiservercel.ErrorTypeInternal,
			Detail: fmt.Sprintf("runtime cost could not be calculated for messageExpression: %q", source)}}
	}
	cost := *details.ActualCost()
	if cost > math.MaxInt64 || int64(cost) > budget || errors.Is(err, errBuildBudget) {
		return messageOutcome{budget: -1, err: &apiservercel.Error{Type: apiservercel.ErrorTypeInvalid,
			Detail: "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run"}}
	}
	if err != nil {
		if strings.HasPrefix(err.Error(), "operation cancelled: actual cost limit exceeded") {
			return messageOutcome{budget: -1, err: &apiservercel.Error{Type: apiservercel.ErrorTypeInvalid,
				Detail: fmt.Sprintf("no further validation rules will be run due to call cost exceeds limit for messageExpression: %q", source)}}
		}
		return fallback(budget-int64(cost), "messageExpression evaluation failed due to: %v", err.Error())
	}
	return checkMessage(val.Value(), budget-int64(cost))
}

// checkMessage applies the limits on an evaluated message.
func checkMessage(value any, budget int64) messageOutcome {
	s, ok := value.(string)
	if !ok {
		return fallback(budget, "messageExpression failed to convert to string")
	}
	s = strings.TrimSpace(s)
	switch {
	case len(s) > celconfig.MaxEvaluatedMessageExpressionSizeBytes:
		return fallback(budget, "messageExpression beyond allowable length of %d", celconfig.MaxEvaluatedMessageExpressionSizeBytes)
	case strings.Contains(s, "\n"):
		return fallback(budget, "messageExpression should not contain line breaks")
	case s == "":
		return fallback(budget, "messageExpression should evaluate to a non-empty string")
	}
	return messageOutcome{message: s, budget: budget}
}

func fallback(budget int64, format string, args ...any) messageOutcome {
	return messageOutcome{budget: budget, err: &apiservercel.Error{Detail: fmt.Sprintf(format, args...)}}
}
