package objectmeta

import (
	"context"
	"fmt"
	"maps"

	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	runtimeschema "k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// kval's ObjectMeta checks come from k8s.io/apimachinery v0.37, whose owner
// reference errors (Required, indexed: ownerReferences[0].uid) are not yet
// kube-apiserver v1.36's. The reference is v1.36: every problem of a
// reference is Invalid, at ownerReferences.<field> with no index, and, an
// Invalid error not being one that keeps CEL rules from running, the rules
// still run. So owner references are taken out of the library's checks and
// checked here as v1.36 checks them.

// validateObjectMeta is the library's check of meta (against old on
// update) with owner references checked as v1.36 checks them.
func validateObjectMeta(ctx context.Context, op operation.Type, meta, old *metav1.ObjectMeta, namespaced bool,
	nameFn metavalidation.ValidateNameFunc, fldPath *field.Path) field.ErrorList {
	meta, refs := withoutOwnerReferences(meta)
	old, _ = withoutOwnerReferences(old)
	errs := handwrittenObjectMeta(op, meta, old, namespaced, nameFn, fldPath)
	return append(errs, validateOwnerReferences(refs, fldPath.Child("ownerReferences"))...)
}

// withoutOwnerReferences is a copy of meta whose owner references the
// library's checks will not see, and the references.
func withoutOwnerReferences(meta *metav1.ObjectMeta) (*metav1.ObjectMeta, []metav1.OwnerReference) {
	if meta == nil || len(meta.OwnerReferences) == 0 {
		return meta, nil
	}
	out := *meta
	out.OwnerReferences = nil
	return &out, meta.OwnerReferences
}

// validateOwnerReferences checks refs as kube-apiserver v1.36 does: each
// reference's apiVersion has a version, kind, name and uid are set, the
// owner is not a banned kind, and at most one reference is the controller.
func validateOwnerReferences(refs []metav1.OwnerReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	controller := ""
	for _, ref := range refs {
		errs = append(errs, validateOwnerReference(ref, fldPath)...)
		if ref.Controller == nil || !*ref.Controller {
			continue
		}
		name := ref.Kind + "/" + ref.Name
		if controller != "" {
			errs = append(errs, field.Invalid(fldPath, refs, fmt.Sprintf(
				"Only one reference can have Controller set to true. Found \"true\" in references for %v and %v", controller, name)))
			continue
		}
		controller = name
	}
	return errs
}

func validateOwnerReference(ref metav1.OwnerReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	gvk := runtimeschema.FromAPIVersionAndKind(ref.APIVersion, ref.Kind)
	empty := func(name, value, msg string) {
		errs = append(errs, field.Invalid(fldPath.Child(name), value, msg))
	}
	if gvk.Version == "" {
		empty("apiVersion", ref.APIVersion, "version must not be empty")
	}
	if gvk.Kind == "" {
		empty("kind", ref.Kind, "must not be empty")
	}
	if ref.Name == "" {
		empty("name", ref.Name, "must not be empty")
	}
	if ref.UID == "" {
		empty("uid", string(ref.UID), "must not be empty")
	}
	if _, banned := metavalidation.BannedOwners[gvk]; banned {
		errs = append(errs, field.Invalid(fldPath, ref, fmt.Sprintf("%s is disallowed from being an owner", gvk)))
	}
	return errs
}

// unstructuredWithoutOwnerReferences is obj without its owner references
// (obj is not changed), and the references.
func unstructuredWithoutOwnerReferences(obj map[string]any) (*unstructured.Unstructured, []metav1.OwnerReference) {
	u := &unstructured.Unstructured{Object: obj}
	meta, ok := obj["metadata"].(map[string]any)
	if _, has := meta["ownerReferences"]; !ok || !has {
		return u, nil
	}
	refs := u.GetOwnerReferences()
	out := maps.Clone(obj)
	meta = maps.Clone(meta)
	delete(meta, "ownerReferences")
	out["metadata"] = meta
	return &unstructured.Unstructured{Object: out}, refs
}
