package schema

import (
	"regexp"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ruleReasons are the accepted values of x-kubernetes-validations[*].reason, sorted.
var ruleReasons = []string{"FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"}

// newlines are the line breaks of CEL's grammar.
var newlines = regexp.MustCompile(`[\n\r]+`)

// checkRulesStatically checks what can be checked of the
// x-kubernetes-validations of s without compiling them.
func checkRulesStatically(s *Schema, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i := range s.Validations {
		errs = append(errs, checkRuleStatically(s, &s.Validations[i], path.Child("x-kubernetes-validations").Index(i))...)
	}
	return errs
}

func checkRuleStatically(s *Schema, rule *ValidationRule, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	trimmedRule := strings.TrimSpace(rule.Rule)
	trimmedMsg := strings.TrimSpace(rule.Message)
	switch {
	case trimmedRule == "":
		errs = append(errs, field.Required(path.Child("rule"), "rule is not specified"))
	case rule.Message != "" && trimmedMsg == "":
		errs = append(errs, field.Invalid(path.Child("message"), rule.Message, "must be non-empty if specified"))
	case newlines.MatchString(trimmedMsg):
		errs = append(errs, field.Invalid(path.Child("message"), rule.Message, "must not contain line breaks"))
	case newlines.MatchString(trimmedRule) && trimmedMsg == "":
		errs = append(errs, field.Required(path.Child("message"), "message must be specified if rule contains line breaks"))
	}
	if rule.MessageExpression != "" && strings.TrimSpace(rule.MessageExpression) == "" {
		errs = append(errs, field.Required(path.Child("messageExpression"), "messageExpression must be non-empty if specified"))
	}
	if rule.Reason != nil && !contains(ruleReasons, *rule.Reason) {
		errs = append(errs, field.NotSupported(path.Child("reason"), *rule.Reason, ruleReasons))
	}
	return append(errs, checkRuleFieldPath(s, rule.FieldPath, path.Child("fieldPath"))...)
}

// checkRuleFieldPath requires the fieldPath of a rule to name a field of s.
func checkRuleFieldPath(s *Schema, fieldPath string, path *field.Path) field.ErrorList {
	if fieldPath == "" {
		return nil
	}
	var errs field.ErrorList
	if strings.TrimSpace(fieldPath) == "" {
		errs = append(errs, field.Invalid(path, fieldPath, "must be non-empty if specified"))
	}
	if newlines.MatchString(fieldPath) {
		errs = append(errs, field.Invalid(path, fieldPath, "must not contain line breaks"))
	}
	if !fieldPathValid(s, fieldPath) {
		errs = append(errs, field.Invalid(path, fieldPath, "must be a valid path"))
	}
	return errs
}

// fieldPathValid reports whether fieldPath names a field of s. Like upstream,
// a schema that is not structural accepts any path.
func fieldPathValid(s *Schema, fieldPath string) bool {
	if structuralError(s) != nil {
		return true
	}
	_, _, err := resolveFieldPath(fieldPath, s, true)
	return err == nil
}
