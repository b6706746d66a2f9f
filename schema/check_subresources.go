package schema

import (
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkSubresources checks the scale subresource's paths; status has no fields.
func checkSubresources(sub *Subresources, path *field.Path) field.ErrorList {
	if sub == nil || sub.Scale == nil {
		return nil
	}
	scale := sub.Scale
	var errs field.ErrorList
	errs = append(errs, checkReplicasPath(scale.SpecReplicasPath, ".spec.", path.Child("scale.specReplicasPath"))...)
	errs = append(errs, checkReplicasPath(scale.StatusReplicasPath, ".status.", path.Child("scale.statusReplicasPath"))...)
	if selector := scale.LabelSelectorPath; selector != nil && *selector != "" {
		p := path.Child("scale.labelSelectorPath")
		if pathErrs := checkSimpleJSONPath(*selector, p); len(pathErrs) > 0 {
			errs = append(errs, pathErrs...)
		} else if !strings.HasPrefix(*selector, ".spec.") && !strings.HasPrefix(*selector, ".status.") {
			errs = append(errs, field.Invalid(p, selector, "should be a json path under either .spec or .status"))
		}
	}
	return errs
}

// checkReplicasPath requires a simple JSON path below prefix (".spec." or ".status.").
func checkReplicasPath(value, prefix string, path *field.Path) field.ErrorList {
	if value == "" {
		return field.ErrorList{field.Required(path, "")}
	}
	if errs := checkSimpleJSONPath(value, path); len(errs) > 0 {
		return errs
	}
	if !strings.HasPrefix(value, prefix) {
		return field.ErrorList{field.Invalid(path, value, "should be a json path under "+strings.TrimSuffix(prefix, "."))}
	}
	return nil
}
