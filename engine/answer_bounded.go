package engine

import (
	"fmt"
	"net/http"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// MaxAnsweredErrors bounds the errors an answer lists: up to it, the
// answer is kube-apiserver's (apierrors.NewInvalid: a cause per error and
// the aggregate's message); past it, the first MaxAnsweredErrors as
// kube-apiserver lists them and a count of the rest. kube-apiserver builds
// its message by appending each error to a string, which costs time
// quadratic in the errors (an update changing 50,000 immutable values took
// kval over 29 s and 1 GB), and its answer grows with them (5,000 causes:
// 773 KB). The bound holds for every frontend, since they share Err.
const MaxAnsweredErrors = 1000

// invalid is apierrors.NewInvalid with the list bounded and the message
// built in linear time.
func invalid(gk schema.GroupKind, name string, errs field.ErrorList) *apierrors.StatusError {
	listed, rest := ListedErrors(errs)
	causes := make([]metav1.StatusCause, len(listed))
	for i, e := range listed {
		causes[i] = metav1.StatusCause{Type: metav1.CauseType(e.Type), Message: e.ErrorBody(), Field: e.Field}
	}
	return &apierrors.StatusError{ErrStatus: metav1.Status{
		Status: metav1.StatusFailure, Code: http.StatusUnprocessableEntity, Reason: metav1.StatusReasonInvalid,
		Details: &metav1.StatusDetails{Group: gk.Group, Kind: gk.Kind, Name: name, Causes: causes},
		Message: fmt.Sprintf("%s %q is invalid: %s", gk.String(), name, aggregated(listed, rest)),
	}}
}

// ListedErrors splits errs into those an answer lists, the first
// MaxAnsweredErrors, and the count of the rest: frontends that list errors
// of their own (the CLI's reports) list the same.
func ListedErrors(errs field.ErrorList) (listed field.ErrorList, rest int) {
	if len(errs) <= MaxAnsweredErrors {
		return errs, 0
	}
	return errs[:MaxAnsweredErrors], len(errs) - MaxAnsweredErrors
}

// aggregated is the message of errs as ErrorList.ToAggregate().Error()
// words it (each distinct message once, in brackets when there are more
// than one), with the count of the errors not listed.
func aggregated(errs field.ErrorList, rest int) string {
	seen := make(map[string]bool, len(errs))
	var b strings.Builder
	for _, e := range errs {
		msg := e.Error()
		if seen[msg] {
			continue
		}
		if len(seen) > 0 {
			b.WriteString(", ")
		}
		seen[msg] = true
		b.WriteString(msg)
	}
	if rest > 0 {
		fmt.Fprintf(&b, ", and %d more errors", rest)
	}
	if len(seen) == 1 && rest == 0 {
		return b.String()
	}
	return "[" + b.String() + "]"
}
