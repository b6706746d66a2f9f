package custom

import (
	"context"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// ValidateCustom_Schedule checks that a schedule does not end before it
// starts.
func ValidateCustom_Schedule(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *Schedule) field.ErrorList {
	if value == nil || value.End == 0 || value.End >= value.Start {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath.Child("end"), value.End, "must not be before start")}
}

// ValidateCustom_Schedule_Cron checks that a cron expression has five
// fields.
func ValidateCustom_Schedule_Cron(_ context.Context, _ operation.Operation, fldPath *field.Path, value, _ *string) field.ErrorList {
	if len(strings.Fields(*value)) == 5 {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, *value, "must have 5 fields")}
}
