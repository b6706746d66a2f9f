package schema

import (
	"fmt"
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// resourceMetaFields are the fields of a resource the apiserver owns.
var resourceMetaFields = map[string]bool{"metadata": true, "kind": true, "apiVersion": true}

// errorLists separates schema errors from rule compilation errors: rules of
// a node are only compiled when there is no schema error at or below it, and
// all rule errors are reported after all schema errors.
type errorLists struct {
	schema, rules field.ErrorList
}

func (l *errorLists) add(other errorLists) {
	l.schema = append(l.schema, other.schema...)
	l.rules = append(l.rules, other.rules...)
}

// checkOpenAPI is kube-apiserver's ValidateCustomResourceDefinitionOpenAPISchema:
// the rules on every node of a CRD schema. rules is nil where rules are not compiled.
func checkOpenAPI(s *Schema, path *field.Path, ctx nodeContext, isRoot bool, rules *ruleCursor) errorLists {
	var out errorLists
	if s == nil {
		return out
	}
	out.schema = append(out.schema, checkKeywords(s, path, ctx)...)
	if s.UniqueItems {
		out.schema = append(out.schema, field.Forbidden(path.Child("uniqueItems"), "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"))
	}
	out.add(checkOpenAPIChildren(s, path, ctx, isRoot, rules))
	if s.PreserveUnknownFields != nil && !*s.PreserveUnknownFields {
		out.schema = append(out.schema, field.Invalid(path.Child("x-kubernetes-preserve-unknown-fields"), false, "must be true or undefined"))
	}
	out.schema = append(out.schema, checkMapType(s, path)...)
	out.schema = append(out.schema, checkListType(s, path, ctx.tolerate)...)
	if !ctx.tolerate.invalidMapSetItems {
		out.schema = append(out.schema, checkMapSetItems(s, path)...)
	}
	out.schema = append(out.schema, checkRulesStatically(s, path)...)
	if len(s.Validations) > 0 && len(out.schema) == 0 && rules != nil {
		out.rules = append(out.rules, rules.scope.CheckRules(RuleNode{
			Path: path, Schema: s, Steps: slices.Clone(rules.steps), Uncorrelatable: ctx.uncorrelatable,
		})...)
	}
	return out
}

// checkOpenAPIChildren checks the schemas nested in s, in upstream's order.
func checkOpenAPIChildren(s *Schema, path *field.Path, ctx nodeContext, isRoot bool, rules *ruleCursor) errorLists {
	var out errorLists
	if ap := s.AdditionalProperties; ap != nil {
		if len(s.Properties) != 0 && (!ap.Allows || ap.Schema != nil) {
			out.schema = append(out.schema, field.Forbidden(path.Child("additionalProperties"), "additionalProperties and properties are mutual exclusive"))
		}
		sub := ctx
		if ctx.insideResourceMeta {
			// pruning without an actual value would be ambiguous there
			sub = sub.withForbiddenDefaults("inside additionalProperties applying to object metadata")
		}
		out.add(checkOpenAPI(ap.Schema, path.Child("additionalProperties"), sub, false, rules.child(RuleStep{Kind: StepAdditionalProperties})))
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		out.add(checkOpenAPI(s.Properties[name], path.Child("properties").Key(name), propertyContext(s, name, path, ctx, isRoot),
			false, rules.child(RuleStep{Kind: StepProperty, Property: name})))
	}
	out.add(checkOpenAPI(s.Not, path.Child("not"), ctx, false, nil))
	for _, junctor := range []struct {
		name    string
		schemas []*Schema
	}{{"allOf", s.AllOf}, {"oneOf", s.OneOf}, {"anyOf", s.AnyOf}} {
		for i, child := range junctor.schemas {
			out.add(checkOpenAPI(child, path.Child(junctor.name).Index(i), ctx, false, nil))
		}
	}
	out.add(checkUnsupportedChildren(s.Unsupported, path, ctx, "definitions"))
	out.add(checkItems(s, path, ctx, rules))
	out.add(checkUnsupportedChildren(s.Unsupported, path, ctx, "dependencies"))
	return out
}

// propertyContext is the context of property name of s.
func propertyContext(s *Schema, name string, path *field.Path, ctx nodeContext, isRoot bool) nodeContext {
	sub := ctx
	if !mapIsCorrelatable(s.MapType) {
		sub = sub.withUncorrelatable(path)
	}
	if (isRoot || s.EmbeddedResource) && resourceMetaFields[name] {
		sub = sub.withInsideResourceMeta()
		if isRoot {
			sub = sub.withForbiddenDefaults(fmt.Sprintf("in top-level %s", name))
		}
	}
	return sub
}

func mapIsCorrelatable(mapType *string) bool {
	return mapType == nil || *mapType == MapTypeGranular || *mapType == MapTypeAtomic
}

// checkItems checks items (and an items array). Only map lists correlate
// old and new items, so oldSelf is forbidden below any other list.
func checkItems(s *Schema, path *field.Path, ctx nodeContext, rules *ruleCursor) errorLists {
	var out errorLists
	var array []*Schema
	if s.Unsupported != nil {
		array = s.Unsupported.ItemsArray
	}
	if s.Items == nil && array == nil {
		return out
	}
	sub := ctx
	if !s.IsMapList() {
		sub = sub.withUncorrelatable(path)
	}
	itemRules := rules.child(RuleStep{Kind: StepItems})
	out.add(checkOpenAPI(s.Items, path.Child("items"), sub, false, itemRules))
	for i, child := range array {
		out.add(checkOpenAPI(child, path.Child("items").Index(i), sub, false, itemRules))
	}
	return out
}

// checkUnsupportedChildren checks the schemas under definitions or
// dependencies, which upstream checks too (after rejecting the keyword).
func checkUnsupportedChildren(u *Unsupported, path *field.Path, ctx nodeContext, keyword string) errorLists {
	var out errorLists
	if u == nil {
		return out
	}
	switch keyword {
	case "definitions":
		for _, name := range slices.Sorted(maps.Keys(u.Definitions)) {
			out.add(checkOpenAPI(u.Definitions[name], path.Child("definitions").Key(name), ctx, false, nil))
		}
	case "dependencies":
		for _, name := range slices.Sorted(maps.Keys(u.Dependencies)) {
			out.add(checkOpenAPI(u.Dependencies[name].Schema, path.Child("dependencies").Key(name), ctx, false, nil))
		}
	}
	return out
}
