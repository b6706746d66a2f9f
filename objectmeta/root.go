package objectmeta

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// declarativeBeta says whether ObjectMeta's declarative validation rules at
// beta level are enforced; they are by default since Kubernetes 1.36.
const declarativeBeta = true

// ValidateRoot checks the metadata of a custom resource on create, as
// kube-apiserver's custom resource validator does: the name is a DNS
// subdomain, the namespace is set exactly when the resource is namespaced,
// labels, annotations, finalizers and owner references are well formed.
func ValidateRoot(ctx context.Context, obj map[string]any, namespaced bool) field.ErrorList {
	meta, errs := rootMeta(obj)
	if len(errs) > 0 {
		return errs
	}
	return validateObjectMeta(ctx, operation.Create, meta, nil, namespaced,
		metavalidation.NameIsDNSSubdomain, field.NewPath("metadata"))
}

// ValidateRootUpdate checks the metadata of a custom resource on update:
// immutable fields (name, namespace, uid, creationTimestamp, ...) unchanged,
// and everything ValidateRoot checks.
func ValidateRootUpdate(ctx context.Context, obj, old map[string]any, namespaced bool) field.ErrorList {
	meta, errs := rootMeta(obj)
	if len(errs) > 0 {
		return errs
	}
	oldMeta, errs := rootMeta(old)
	if len(errs) > 0 {
		return errs
	}
	return validateObjectMeta(ctx, operation.Update, meta, oldMeta, namespaced,
		nil, field.NewPath("metadata"))
}

// rootMeta converts obj["metadata"] to ObjectMeta as the validator does.
func rootMeta(obj map[string]any) (*metav1.ObjectMeta, field.ErrorList) {
	raw := obj["metadata"]
	if raw == nil {
		return &metav1.ObjectMeta{}, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, fmt.Sprintf("expected map[string]interface{}, got %T", raw))}
	}
	meta := &metav1.ObjectMeta{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(m, meta); err != nil {
		return nil, field.ErrorList{field.Invalid(field.NewPath("metadata"), raw, err.Error())}
	}
	return meta, nil
}

// ValidateCommon is the generic registry's check of a new object's metadata
// (rest.ValidateCreate runs it when the strategy found nothing): the common
// ObjectMeta rules, with names that must be usable as path segments.
func ValidateCommon(obj map[string]any, namespaced bool) field.ErrorList {
	u, refs := unstructuredWithoutOwnerReferences(obj)
	errs := metavalidation.ValidateObjectMetaAccessor(u, namespaced, validatePathSegment, field.NewPath("metadata"))
	return append(errs, validateOwnerReferences(refs, field.NewPath("metadata", "ownerReferences"))...)
}

// ValidateCommonUpdate is the generic registry's check of metadata on every
// update (rest.ValidateUpdate runs it before the strategy's): ValidateCommon
// and the fields an update may not change.
func ValidateCommonUpdate(obj, old map[string]any, namespaced bool) field.ErrorList {
	errs := ValidateCommon(obj, namespaced)
	u, refs := unstructuredWithoutOwnerReferences(obj)
	oldU, _ := unstructuredWithoutOwnerReferences(old)
	errs = append(errs, metavalidation.ValidateObjectMetaAccessorUpdate(u, oldU, field.NewPath("metadata"))...)
	return append(errs, validateOwnerReferences(refs, field.NewPath("metadata", "ownerReferences"))...)
}
