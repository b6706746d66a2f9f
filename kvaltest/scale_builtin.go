package kvaltest

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"

	kschema "github.com/kval-dev/kval/schema"
)

// The scale subresource of the built-in kinds kube-apiserver serves one
// of (pkg/registry/apps/*/storage and core/replicationcontroller/storage):
// spec.replicas and status.replicas, and the selector of the object's
// spec.selector as a string.

// scaleSpec says where a kind keeps what its Scale shows.
type scaleSpec struct {
	*kschema.Scale // the replicas paths (and a CRD's label selector path)
	// selector renders a built-in kind's selector; nil for a custom resource.
	selector func(obj map[string]any) string
}

// builtinScales are the built-in resources with a scale subresource.
var builtinScales = map[schema.GroupResource]func(obj map[string]any) string{
	{Group: "apps", Resource: "deployments"}:  labelSelectorString,
	{Group: "apps", Resource: "statefulsets"}: labelSelectorString,
	{Group: "apps", Resource: "replicasets"}:  labelSelectorString,
	{Resource: "replicationcontrollers"}:      setSelectorString,
}

// builtinScale is the scale of a built-in resource, nil without one.
func builtinScale(resource schema.GroupResource) *scaleSpec {
	selector := builtinScales[resource]
	if selector == nil {
		return nil
	}
	paths := &kschema.Scale{SpecReplicasPath: ".spec.replicas", StatusReplicasPath: ".status.replicas"}
	return &scaleSpec{Scale: paths, selector: selector}
}

// labelSelectorString is an apps kind's spec.selector (a LabelSelector)
// as kube-apiserver's Scale shows it; one it cannot read shows none.
func labelSelectorString(obj map[string]any) string {
	m, _, _ := unstructured.NestedMap(obj, "spec", "selector")
	var ls metav1.LabelSelector
	if runtime.DefaultUnstructuredConverter.FromUnstructured(m, &ls) != nil {
		return ""
	}
	selector, err := metav1.LabelSelectorAsSelector(&ls)
	if err != nil {
		return ""
	}
	return selector.String()
}

// setSelectorString is a ReplicationController's spec.selector (a map)
// as kube-apiserver's Scale shows it.
func setSelectorString(obj map[string]any) string {
	set, _, _ := unstructured.NestedStringMap(obj, "spec", "selector")
	return labels.SelectorFromSet(set).String()
}

// builtinDefaultReplicas is what kube-apiserver's defaulting stores in the
// replicas these kinds are created without; objects stored as written
// (SkipBuiltinValidation) have none, and their Scale reads it.
const builtinDefaultReplicas = 1

// validateBuiltinScale refuses negative replicas, as kube-apiserver's
// ValidateScale does before a built-in kind's Scale is written.
func validateBuiltinScale(scale *unstructured.Unstructured, name string) error {
	replicas, _, _ := unstructured.NestedInt64(scale.Object, "spec", "replicas")
	if replicas >= 0 {
		return nil
	}
	path := field.NewPath("spec", "replicas")
	errs := field.ErrorList{field.Invalid(path, replicas, "must be greater than or equal to 0")}
	return apierrors.NewInvalid(schema.GroupKind{Group: "autoscaling", Kind: "Scale"}, name, errs)
}
