package objectmeta

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// Validate checks the embedded resources of obj (and obj itself with
// resourceRoot) as kube-apiserver does on create: apiVersion and kind are
// required and well formed, metadata is valid ObjectMeta.
func Validate(ctx context.Context, fldPath *field.Path, obj any, s *schema.Schema, resourceRoot bool) field.ErrorList {
	if resourceRoot && s == nil {
		s = &schema.Schema{}
	}
	return validate(ctx, fldPath, obj, s, resourceRoot || s.IsEmbedded())
}

func validate(ctx context.Context, fldPath *field.Path, x any, s *schema.Schema, embedded bool) field.ErrorList {
	if s == nil {
		return nil
	}
	var errs field.ErrorList
	switch x := x.(type) {
	case map[string]any:
		if embedded {
			errs = append(errs, validateResource(ctx, fldPath, x)...)
		}
		for k, v := range x {
			if prop, ok := s.Properties[k]; ok {
				errs = append(errs, validate(ctx, fldPath.Child(k), v, prop, prop.IsEmbedded())...)
			} else if s.AdditionalProperties != nil {
				ap := s.AdditionalProperties.Schema
				errs = append(errs, validate(ctx, fldPath.Key(k), v, ap, ap.IsEmbedded())...)
			}
		}
	case []any:
		for i, v := range x {
			errs = append(errs, validate(ctx, fldPath.Index(i), v, s.Items, s.Items.IsEmbedded())...)
		}
	}
	return errs
}

// validateResource checks apiVersion, kind and metadata of one resource.
func validateResource(ctx context.Context, fldPath *field.Path, x map[string]any) field.ErrorList {
	var errs field.ErrorList
	if _, found := x["apiVersion"]; !found {
		errs = append(errs, field.Required(fldPath.Child("apiVersion"), ""))
	}
	if _, found := x["kind"]; !found {
		errs = append(errs, field.Required(fldPath.Child("kind"), ""))
	}
	if v, found := x["apiVersion"]; found {
		errs = append(errs, validateAPIVersion(fldPath.Child("apiVersion"), v)...)
	}
	if v, found := x["kind"]; found {
		errs = append(errs, validateKind(fldPath.Child("kind"), v)...)
	}
	if v, found := x["metadata"]; found {
		errs = append(errs, validateMetadata(ctx, fldPath.Child("metadata"), x, v)...)
	}
	return errs
}

func validateAPIVersion(fldPath *field.Path, v any) field.ErrorList {
	apiVersion, ok := v.(string)
	switch {
	case !ok:
		return field.ErrorList{field.Invalid(fldPath, v, "must be a string")}
	case apiVersion == "":
		return field.ErrorList{field.Invalid(fldPath, apiVersion, "must not be empty")}
	}
	if _, err := runtimeschema.ParseGroupVersion(apiVersion); err != nil {
		return field.ErrorList{field.Invalid(fldPath, apiVersion, err.Error())}
	}
	return nil
}

func validateKind(fldPath *field.Path, v any) field.ErrorList {
	kind, ok := v.(string)
	switch {
	case !ok:
		return field.ErrorList{field.Invalid(fldPath, v, "must be a string")}
	case kind == "":
		return field.ErrorList{field.Invalid(fldPath, kind, "must not be empty")}
	}
	if msgs := utilvalidation.IsDNS1035Label(strings.ToLower(kind)); len(msgs) > 0 {
		return field.ErrorList{field.Invalid(fldPath, kind, "may have mixed case, but should otherwise match: "+strings.Join(msgs, ","))}
	}
	return nil
}

func validateMetadata(ctx context.Context, fldPath *field.Path, x map[string]any, v any) field.ErrorList {
	meta, _, _, err := GetObjectMeta(x, MetaOptions{})
	if err != nil {
		return field.ErrorList{field.Invalid(fldPath, v, err.Error())}
	}
	if meta.Name == "" {
		meta.Name = "fakename" // an embedded resource need not be named
	}
	return validateObjectMeta(ctx, operation.Create, meta, nil, meta.Namespace != "",
		validatePathSegment, fldPath)
}

func validatePathSegment(name string, prefix bool) []string {
	if prefix {
		return path.IsValidPathSegmentPrefix(name)
	}
	return path.IsValidPathSegmentName(name)
}
