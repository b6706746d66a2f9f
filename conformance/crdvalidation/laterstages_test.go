package crdvalidation

import (
	"context"
	"regexp"
	"strings"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	schemaobjectmeta "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/objectmeta"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
)

// laterStage reports upstream errors that come from stages kval does not
// have yet: rule compilation (celrules) and value validation of defaults
// (values). valueErrs is the set computed by defaultValueErrors.
func laterStage(e *field.Error, valueErrs map[string]bool) bool {
	return isRuleCompilationError(e) || valueErrs[stableKey(e)]
}

// celTypeName matches the names CEL gives to object types in messages; they
// carry a counter that differs between runs.
var celTypeName = regexp.MustCompile(`Type\d+`)

// stableKey is key without the run-dependent parts of CEL messages.
func stableKey(e *field.Error) string {
	return celTypeName.ReplaceAllString(key(e), "Type")
}

// ruleFieldPattern matches the fields upstream reports rule compilation errors at.
var ruleFieldPattern = regexp.MustCompile(`\.x-kubernetes-validations\[\d+\]\.(rule|messageExpression|optionalOldSelf)$`)

// isRuleCompilationError: errors at a rule's rule, messageExpression or
// optionalOldSelf, except the two static checks kval makes there; internal
// errors about a node's rules; the errors about the total cost of a schema's rules.
func isRuleCompilationError(e *field.Error) bool {
	if strings.Contains(e.Detail, "estimated rule cost total") {
		return true
	}
	if e.Type == field.ErrorTypeInternal && strings.HasSuffix(e.Field, ".x-kubernetes-validations") {
		return true
	}
	if !ruleFieldPattern.MatchString(e.Field) {
		return false
	}
	static := e.Type == field.ErrorTypeRequired &&
		(e.Detail == "rule is not specified" || e.Detail == "messageExpression must be non-empty if specified")
	return !static
}

// defaultValueErrors computes, with upstream's functions, the errors of value
// validation and rule evaluation on every default of every schema of crd, as
// structuraldefaulting.ValidateDefaults produces them (after coercing object
// meta, as it does).
func defaultValueErrors(crd *apiextensions.CustomResourceDefinition) map[string]bool {
	out := map[string]bool{}
	add := func(path *field.Path, v *apiextensions.CustomResourceValidation) {
		if v == nil || v.OpenAPIV3Schema == nil {
			return
		}
		ss, err := structuralschema.NewStructural(v.OpenAPIV3Schema)
		if err != nil {
			return
		}
		root := *ss
		root.XEmbeddedResource = true // ValidateDefaults treats the root as a resource
		collectDefaultValueErrors(path.Child("openAPIV3Schema"), &root, &root, out)
	}
	add(field.NewPath("spec", "validation"), crd.Spec.Validation)
	for i, v := range crd.Spec.Versions {
		add(field.NewPath("spec", "versions").Index(i).Child("schema"), v.Schema)
	}
	return out
}

func collectDefaultValueErrors(path *field.Path, s, root *structuralschema.Structural, out map[string]bool) {
	if s == nil {
		return
	}
	if s.XEmbeddedResource {
		root = s
	}
	if s.Default.Object != nil {
		value := runtime.DeepCopyJSONValue(s.Default.Object)
		_ = schemaobjectmeta.Coerce(path.Child("default"), value, s, s.XEmbeddedResource, false)
		for _, v := range []any{value, s.Default.Object} {
			validator := apiservervalidation.NewSchemaValidatorFromOpenAPI(s.ToKubeOpenAPI())
			for _, e := range apiservervalidation.ValidateCustomResource(path.Child("default"), v, validator) {
				out[stableKey(e)] = true
			}
			if celValidator := cel.NewValidator(s, s == root, celconfig.PerCallLimit); celValidator != nil {
				errs, _ := celValidator.Validate(context.Background(), path.Child("default"), s, v, v, celconfig.RuntimeCELCostBudget)
				more, _ := celValidator.Validate(context.Background(), path.Child("default"), s, v, nil, celconfig.RuntimeCELCostBudget)
				for _, e := range append(errs, more...) {
					out[stableKey(e)] = true
				}
			}
		}
	}
	collectDefaultValueErrors(path.Child("items"), s.Items, root, out)
	for name, prop := range s.Properties {
		collectDefaultValueErrors(path.Child("properties").Key(name), &prop, root, out)
	}
}
