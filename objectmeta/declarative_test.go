package objectmeta

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/api/operation"
	metavalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// metaVariants are metadata with every field ObjectMeta's declarative
// rules look at, valid and not, and the handwritten checks' problems.
func metaVariants() []*metav1.ObjectMeta {
	now := metav1.NewTime(time.Unix(1700000000, 0))
	later := metav1.NewTime(time.Unix(1700000600, 0))
	grace := int64(30)
	negative := int64(-1)
	out := []*metav1.ObjectMeta{
		{},
		{Name: "a", Namespace: "ns"},
		{Name: "Bad_Name", Namespace: "ns"},
		{GenerateName: "gen-", Namespace: "ns"},
		{Name: "a", Namespace: "ns", UID: "u1", ResourceVersion: "7", Generation: 3, CreationTimestamp: now},
		{Name: "a", Namespace: "ns", Generation: -2},
		{Name: "a", Namespace: "ns", DeletionTimestamp: &later, DeletionGracePeriodSeconds: &grace},
		{Name: "a", Namespace: "ns", DeletionGracePeriodSeconds: &negative},
		{Name: "a", Namespace: "ns", Labels: map[string]string{"ok": "v", "bad key!": "v", "k": strings.Repeat("x", 70)}},
		{Name: "a", Namespace: "ns", Annotations: map[string]string{"a": strings.Repeat("x", 300000)}},
		{Name: "a", Namespace: "ns", Finalizers: []string{"example.com/f", "bad", "example.com/f"}},
		{Name: "a", Namespace: "ns", ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "m", Operation: "Bogus"}, {Manager: "m"}}},
		{Name: "a", Namespace: "ns", ManagedFields: []metav1.ManagedFieldsEntry{{Manager: "m", Operation: metav1.ManagedFieldsOperationApply, FieldsType: "FieldsV1"}}},
		{Name: "a", Namespace: "ns", UID: "u2", Generation: 1, CreationTimestamp: later, Labels: map[string]string{"x": "y"}},
	}
	return out
}

// TestHandwrittenMetaIsTheDeclarativeResult: skipping ObjectMeta's
// declarative rules (declarative.go) returns exactly what the library's
// ValidateObjectMetaDeclaratively returns, on create (namespaced or not)
// and on every update between the variants (in the same order but for the
// labels' and annotations' own, which is Go's map order in both).
func TestHandwrittenMetaIsTheDeclarativeResult(t *testing.T) {
	path := field.NewPath("metadata")
	variants := metaVariants()
	compare := func(name string, op operation.Type, meta, old *metav1.ObjectMeta, namespaced bool, nameFn metavalidation.ValidateNameFunc) {
		t.Helper()
		want := metavalidation.ValidateObjectMetaDeclaratively(context.Background(), op, meta, old, namespaced, nameFn, path, declarativeBeta)
		got := handwrittenObjectMeta(op, meta, old, namespaced, nameFn, path)
		if !reflect.DeepEqual(sorted(got), sorted(want)) {
			t.Errorf("%s:\n got %v\nwant %v", name, got, want)
		}
	}
	for i, meta := range variants {
		for _, namespaced := range []bool{true, false} {
			compare(fmt.Sprintf("create %d namespaced=%v", i, namespaced), operation.Create, meta, nil, namespaced, metavalidation.NameIsDNSSubdomain)
		}
		for j, old := range variants {
			compare(fmt.Sprintf("update %d from %d", i, j), operation.Update, meta, old, true, nil)
		}
	}
}

// sorted orders errors by their text.
func sorted(errs field.ErrorList) field.ErrorList {
	if errs == nil {
		return nil
	}
	out := slices.Clone(errs)
	slices.SortStableFunc(out, func(a, b *field.Error) int { return strings.Compare(a.Error(), b.Error()) })
	return out
}
