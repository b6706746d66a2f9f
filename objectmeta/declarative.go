package objectmeta

import (
	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Why ObjectMeta's declarative rules are not run: the library's
// ValidateObjectMetaDeclaratively runs the handwritten checks and then
// ObjectMeta's declarative rules, and keeps only the declarative errors it
// enforces. In k8s.io/apimachinery v0.37 every one of those rules is at
// alpha level (uid, generation, creationTimestamp, deletionTimestamp,
// deletionGracePeriodSeconds, managedFields; owner references are not
// given to them, see ownerrefs.go), and alpha errors are never enforced
// (only a test-only context flag that no request carries would enforce
// them). So the declarative rules cannot change the result; running them
// allocated a Required error for every absent optional field of every
// object. What is left is the library's treatment of the handwritten
// errors: marked as imperative, then filtered (which drops duplicates) by
// covering declarative errors, of which there are none.
// TestHandwrittenMetaIsTheDeclarativeResult compares this with the
// library's function on every kind of metadata.

// handwrittenObjectMeta is what the library's ValidateObjectMetaDeclaratively
// returns (with beta rules enforced) while ObjectMeta's declarative rules
// are all alpha.
func handwrittenObjectMeta(op operation.Type, meta, old *metav1.ObjectMeta, namespaced bool,
	nameFn metavalidation.ValidateNameFunc, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch op {
	case operation.Create:
		errs = metavalidation.ValidateObjectMeta(meta, namespaced, nameFn, fldPath)
	case operation.Update:
		errs = metavalidation.ValidateObjectMetaUpdate(meta, old, fldPath)
	}
	return errs.MarkFromImperative().Filter(func(error) bool { return false })
}
