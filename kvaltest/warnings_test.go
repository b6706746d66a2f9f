package kvaltest_test

import (
	"context"
	"slices"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestWarningsReachTheWarningHandler(t *testing.T) {
	c, rec := newDatabases(t)
	db := database("orders")
	_ = unstructured.SetNestedField(db.Object, "gold", "spec", "tier")
	db.SetFinalizers([]string{"cleanup"})
	mustCreate(t, c, db)
	want := []string{
		`unknown field "spec.tier"`,
		`metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`,
	}
	if !slices.Equal(rec.warnings, want) {
		t.Errorf("warnings %q, want %q", rec.warnings, want)
	}
	if nested(db, "spec", "tier") != nil {
		t.Errorf("the unknown field was stored")
	}
}

func TestStrictFieldValidationRefusesUnknownFields(t *testing.T) {
	c, rec := newDatabases(t)
	db := database("orders")
	_ = unstructured.SetNestedField(db.Object, "gold", "spec", "tier")
	err := c.Create(context.Background(), db, client.FieldValidation(metav1.FieldValidationStrict))
	// kube-apiserver's text (the e2e agreement test checks it).
	want := `Database in version "v1" cannot be handled as a Database: strict decoding error: unknown field "spec.tier"`
	if !apierrors.IsBadRequest(err) || err.Error() != want || len(rec.warnings) != 0 {
		t.Errorf("err = %v, warnings %q; want %s and no warning", err, rec.warnings, want)
	}
}
