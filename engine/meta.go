package engine

import (
	"fmt"
	"math"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// validateTypeMeta checks that apiVersion and kind are those the validator
// serves; when they are not, kube-apiserver reports nothing else.
func (v *Validator) validateTypeMeta(obj map[string]any) field.ErrorList {
	var errs field.ErrorList
	if kind, _ := obj["kind"].(string); kind != v.Kind() {
		errs = append(errs, field.Invalid(field.NewPath("kind"), kind, fmt.Sprintf("must be %v", v.Kind())))
	}
	if apiVersion, _ := obj["apiVersion"].(string); apiVersion != v.APIVersion() {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), apiVersion, fmt.Sprintf("must be %v", v.APIVersion())))
	}
	return errs
}

// validateScaleSpec checks the spec replicas of the scale subresource.
func (v *Validator) validateScaleSpec(obj map[string]any) field.ErrorList {
	if v.scale == nil {
		return nil
	}
	return validateReplicas(obj, v.scale.SpecReplicasPath)
}

// validateScaleStatus checks the status replicas and label selector of the
// scale subresource.
func (v *Validator) validateScaleStatus(obj map[string]any) field.ErrorList {
	if v.scale == nil {
		return nil
	}
	errs := validateReplicas(obj, v.scale.StatusReplicasPath)
	if v.scale.LabelSelectorPath != nil {
		path := *v.scale.LabelSelectorPath
		selector, _, err := unstructured.NestedString(obj, splitJSONPath(path)...)
		if err != nil {
			errs = append(errs, field.Invalid(field.NewPath(path), selector, err.Error()))
		}
	}
	return errs
}

func validateReplicas(obj map[string]any, path string) field.ErrorList {
	replicas, _, err := unstructured.NestedInt64(obj, splitJSONPath(path)...)
	switch {
	case err != nil:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, err.Error())}
	case replicas < 0:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, "should be a non-negative integer")}
	case replicas > math.MaxInt32:
		return field.ErrorList{field.Invalid(field.NewPath(path), replicas, fmt.Sprintf("should be less than or equal to %v", math.MaxInt32))}
	}
	return nil
}

// splitJSONPath turns ".spec.replicas" into ["spec", "replicas"].
func splitJSONPath(path string) []string {
	return strings.Split(strings.TrimPrefix(path, "."), ".")
}
