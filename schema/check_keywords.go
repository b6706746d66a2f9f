package schema

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// openAPIV3Types are the types a CRD schema may declare, sorted.
var openAPIV3Types = []string{"array", "boolean", "integer", "number", "object", "string"}

// nodeContext is what the walk over a schema knows about a node's position
// (upstream's specStandardValidator).
type nodeContext struct {
	// noDefaultsReason is set where defaults are forbidden: why, e.g. "in top-level metadata".
	noDefaultsReason   string
	defaultsForbidden  bool
	insideResourceMeta bool // in apiVersion, kind or metadata of a resource
	// uncorrelatable is the highest ancestor below which oldSelf cannot be used; nil if none.
	uncorrelatable *field.Path
	// tolerate is what an update lets pass because the old CRD had it.
	tolerate nodeTolerance
}

func (c nodeContext) withForbiddenDefaults(reason string) nodeContext {
	c.defaultsForbidden, c.noDefaultsReason = true, reason
	return c
}

func (c nodeContext) withInsideResourceMeta() nodeContext {
	c.insideResourceMeta = true
	return c
}

// withUncorrelatable keeps the highest uncorrelatable ancestor.
func (c nodeContext) withUncorrelatable(path *field.Path) nodeContext {
	if c.uncorrelatable == nil {
		c.uncorrelatable = path
	}
	return c
}

// checkKeywords checks the keywords of one node that CRDs restrict:
// types, defaults where they are forbidden, unsupported JSON Schema keywords.
func checkKeywords(s *Schema, path *field.Path, ctx nodeContext) field.ErrorList {
	var errs field.ErrorList
	if s.Type != "" && !contains(openAPIV3Types, s.Type) && !ctx.tolerate.invalidTypes {
		errs = append(errs, field.NotSupported(path.Child("type"), s.Type, openAPIV3Types))
	}
	if s.Default != nil && ctx.defaultsForbidden {
		detail := "must not be set"
		if ctx.noDefaultsReason != "" {
			detail += " " + ctx.noDefaultsReason
		}
		errs = append(errs, field.Forbidden(path.Child("default"), detail))
	}
	errs = append(errs, checkUnsupported(s.Unsupported, path)...)
	if s.Type == "null" {
		errs = append(errs, field.Forbidden(path.Child("type"), "type cannot be set to null, use nullable as an alternative"))
	}
	if s.Unsupported != nil && len(s.Unsupported.ItemsArray) > 0 {
		errs = append(errs, field.Forbidden(path.Child("items"), "items must be a schema object and not an array"))
	}
	if ctx.insideResourceMeta && s.EmbeddedResource {
		errs = append(errs, field.Forbidden(path.Child("x-kubernetes-embedded-resource"), "must not be used inside of resource meta"))
	}
	return errs
}

// checkUnsupported forbids the JSON Schema keywords CRDs do not support.
// $schema is not among them: upstream only rejects it when converting the
// schema (see structuralError).
func checkUnsupported(u *Unsupported, path *field.Path) field.ErrorList {
	if u == nil {
		return nil
	}
	checks := []struct {
		set     bool
		keyword string
	}{
		{u.ID != "", "id"},
		{u.AdditionalItems != nil, "additionalItems"},
		{len(u.PatternProperties) != 0, "patternProperties"},
		{len(u.Definitions) != 0, "definitions"},
		{u.Dependencies != nil, "dependencies"},
		{u.Ref != nil, "$ref"},
	}
	var errs field.ErrorList
	for _, c := range checks {
		if c.set {
			errs = append(errs, field.Forbidden(path.Child(c.keyword), c.keyword+" is not supported"))
		}
	}
	return errs
}
