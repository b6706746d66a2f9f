package engine

import (
	"reflect"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func numbered(n int) field.ErrorList {
	var errs field.ErrorList
	for i := range n {
		errs = append(errs, field.Invalid(field.NewPath("spec", "items").Index(i%(n/2+1)), int64(i%(n/2+1)), "must be positive"))
	}
	return errs
}

// TestErrIsKubeAPIServersForUpToMaxAnsweredErrors: up to the bound, the
// Status is apierrors.NewInvalid's, duplicate messages included.
func TestErrIsKubeAPIServersForUpToMaxAnsweredErrors(t *testing.T) {
	for _, n := range []int{1, 2, 3, 50, MaxAnsweredErrors} {
		res := &Result{Object: map[string]any{}, Errors: numbered(n)}
		got, want := res.Err(fooKind, "a").Status(), apierrors.NewInvalid(fooKind.GroupKind(), "a", res.Errors).Status()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%d errors: got %.300v\nwant %.300v", n, got, want)
		}
	}
}

// TestErrListsTheFirstErrorsAndCountsTheRest: past the bound, the first
// MaxAnsweredErrors causes, and the message says how many more there are.
func TestErrListsTheFirstErrorsAndCountsTheRest(t *testing.T) {
	errs := numbered(MaxAnsweredErrors + 1234)
	for _, res := range []*Result{{Object: map[string]any{}, Errors: errs}, {Errors: errs}} {
		status := res.Err(fooKind, "a").Status()
		if res.Object != nil && len(status.Details.Causes) != MaxAnsweredErrors {
			t.Errorf("%d causes, want %d", len(status.Details.Causes), MaxAnsweredErrors)
		}
		if want := ", and 1234 more errors]"; !strings.HasSuffix(status.Message, want) {
			t.Errorf("message ends %q, want %q", status.Message[len(status.Message)-60:], want)
		}
		if strings.Count(status.Message, "must be positive") != MaxAnsweredErrors {
			t.Errorf("the message lists %d errors", strings.Count(status.Message, "must be positive"))
		}
	}
}
