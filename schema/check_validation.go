package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validationContext is what the check of one schema needs to know about its CRD.
type validationContext struct {
	// statusEnabled: the status subresource applies to this schema.
	statusEnabled bool
	// v1: the CRD is apiextensions.k8s.io/v1, where the mutability extensions may be used.
	v1 bool
	// structural: the schema must be structural (always on create), which
	// turns on the structural checks, the checks of defaults and of rules.
	structural bool
	// tol is what an update tolerates; nil on create.
	tol *tolerance
	// version is the version the schema belongs to (spec.version for the
	// top-level schema).
	version string
}

// checkValidation checks a schema holder (spec.validation or
// spec.versions[*].schema); path is the holder's path.
func checkValidation(v *Validation, ctx validationContext, path *field.Path, opts CheckOptions) field.ErrorList {
	if v == nil || v.OpenAPIV3Schema == nil {
		return nil
	}
	return checkOpenAPIV3Schema(v.OpenAPIV3Schema, ctx, path.Child("openAPIV3Schema"), opts)
}

// checkOpenAPIV3Schema is kube-apiserver's validateCustomResourceDefinitionValidation
// for one schema at path, with its gating:
//
//   - a schema that cannot be converted to a structural schema skips the
//     structural checks, and the conversion error is only reported when
//     nothing else is wrong with the schema;
//   - structural errors skip the checks of defaults;
//   - errors in either skip the compilation of x-kubernetes-validations rules.
//
// kval's mutability placement rules follow, outside this gating, so that
// they never hide or reveal an upstream error.
func checkOpenAPIV3Schema(s *Schema, ctx validationContext, path *field.Path, opts CheckOptions) field.ErrorList {
	var errs field.ErrorList
	if ctx.statusEnabled {
		errs = append(errs, checkStatusRoot(s, path)...)
	}
	if s.Nullable {
		errs = append(errs, field.Forbidden(path.Child("nullable"), "nullable cannot be true at the root"))
	}
	var rules *ruleCursor
	var conversionErr error
	if ctx.structural {
		conversionErr = structuralError(s)
	}
	if ctx.structural && conversionErr == nil {
		var gateErrs field.ErrorList
		gateErrs, rules = checkStructuralAndDefaults(s, path, opts, ctx)
		errs = append(errs, gateErrs...)
	}
	lists := checkOpenAPI(s, path, nodeContext{tolerate: ctx.tol.nodes()}, true, rules)
	errs = append(errs, lists.schema...)
	errs = append(errs, lists.rules...)
	if len(errs) == 0 && conversionErr != nil {
		errs = append(errs, field.Invalid(path, "", conversionErr.Error()))
	}
	if rules != nil {
		errs = append(errs, rules.scope.Finish()...)
	}
	return append(errs, checkMutability(s, path, ctx.v1, ctx.tol.oldMutability())...)
}

// checkStructuralAndDefaults runs the structural checks and, if they pass,
// the checks of defaults; if both pass, it starts the rule checks.
func checkStructuralAndDefaults(s *Schema, path *field.Path, opts CheckOptions, ctx validationContext) (field.ErrorList, *ruleCursor) {
	if errs := checkStructural(path, s); len(errs) > 0 {
		return errs, nil
	}
	if opts.Defaults != nil {
		if errs := opts.Defaults(path, s); len(errs) > 0 {
			return errs, nil
		}
	}
	if opts.Rules == nil {
		return nil, nil
	}
	return nil, &ruleCursor{scope: beginRules(opts.Rules, path, s, ctx.tol, ctx.version)}
}
