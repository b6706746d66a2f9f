package engine

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// TestInvalidMessage: kubectl's words for an Invalid status: one cause
// inline, several as a list, each text once, in order.
func TestInvalidMessage(t *testing.T) {
	replicas := field.NewPath("spec", "replicas")
	engineField := field.NewPath("spec", "engine")
	for _, tc := range []struct {
		name string
		errs field.ErrorList
		want string
	}{
		{"one cause", field.ErrorList{field.Invalid(replicas, int64(-1), "must be positive")},
			`The Database "orders" is invalid: spec.replicas: Invalid value: -1: must be positive`},
		{"duplicates once", field.ErrorList{field.Required(engineField, ""), field.Required(engineField, "")},
			`The Database "orders" is invalid: spec.engine: Required value`},
		{"several causes", field.ErrorList{field.Required(engineField, ""), field.Invalid(replicas, int64(-1), "must be positive"), field.Required(engineField, "")},
			"The Database \"orders\" is invalid: \n* spec.engine: Required value\n* spec.replicas: Invalid value: -1: must be positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := NewInvalidMessage("Database", "orders", tc.errs)
			if got := msg.String(); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	causes := NewInvalidMessage("Database", "orders", field.ErrorList{field.Required(engineField, ""), field.Required(engineField, ""), field.Invalid(replicas, 0, "x")}).Causes
	if len(causes) != 2 || causes[0].Err != 0 || causes[1].Err != 2 {
		t.Errorf("causes %+v: want the index of each text's first error, 0 and 2", causes)
	}
}
