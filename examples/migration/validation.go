package migration

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/validate"
)

// This is the hand-written validation BackupPolicy had before the
// migration, in the style of Kubernetes' pkg/apis/*/validation. The
// migration changed it in one way only: each rule the tags now express
// marks its errors CoveredByDeclarative and carries the tag's origin
// (WithOrigin), which is how kube-apiserver and rollout.Equivalent know
// which declarative error stands for which hand-written one. Once the
// tags are GA, these rules are deleted.

const (
	maxScheduleLength = 64
	maxRetentionDays  = 90
	maxTargets        = 4
)

// ValidateBackupPolicy validates a new BackupPolicy.
func ValidateBackupPolicy(p *BackupPolicy) field.ErrorList {
	return validateSpec(&p.Spec, field.NewPath("spec"))
}

// ValidateBackupPolicyUpdate validates an update of a BackupPolicy.
func ValidateBackupPolicyUpdate(p, old *BackupPolicy) field.ErrorList {
	errs := ValidateBackupPolicy(p)
	if p.Spec.StorageClass != old.Spec.StorageClass {
		errs = append(errs, covered(field.Invalid(field.NewPath("spec", "storageClass"), nil, "field is immutable"), "immutable"))
	}
	return errs
}

func validateSpec(s *BackupPolicySpec, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validateSchedule(s.Schedule, path.Child("schedule"))...)
	if d := s.RetentionDays; d != nil && *d < 1 {
		errs = append(errs, covered(field.Invalid(path.Child("retentionDays"), *d, "must be at least 1 day"), "minimum"))
	}
	if d := s.RetentionDays; d != nil && *d > maxRetentionDays {
		errs = append(errs, covered(field.Invalid(path.Child("retentionDays"), *d, fmt.Sprintf("must be at most %d days", maxRetentionDays)), "maximum"))
	}
	return append(errs, validateTargets(s.Targets, path.Child("targets"))...)
}

func validateSchedule(schedule string, path *field.Path) field.ErrorList {
	if schedule == "" {
		return field.ErrorList{field.Required(path, "").MarkCoveredByDeclarative()}
	}
	if len([]rune(schedule)) > maxScheduleLength {
		return field.ErrorList{covered(field.TooLong(path, schedule, maxScheduleLength), "maxLength")}
	}
	return nil
}

// validateTargets stops at a list that is too long: checking each of a
// thousand items helps nobody.
func validateTargets(targets []BackupTarget, path *field.Path) field.ErrorList {
	if len(targets) > maxTargets {
		return field.ErrorList{covered(field.TooMany(path, len(targets), maxTargets), "maxItems")}
	}
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, t := range targets {
		if seen[t.Name] {
			errs = append(errs, field.Duplicate(path.Index(i), t).MarkCoveredByDeclarative())
		}
		seen[t.Name] = true
		errs = append(errs, validateTarget(t, path.Index(i))...)
	}
	return errs
}

func validateTarget(t BackupTarget, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if t.Name == "" {
		errs = append(errs, field.Required(path.Child("name"), "").MarkCoveredByDeclarative())
	} else {
		// kval's runtime checks a DNS label as upstream's
		// validation.IsDNS1123Label does, with the tag's origin.
		for _, err := range validate.ShortName(context.Background(), operation.Operation{}, path.Child("name"), &t.Name, nil) {
			errs = append(errs, err.MarkCoveredByDeclarative())
		}
	}
	if t.Bucket == "" {
		errs = append(errs, field.Required(path.Child("bucket"), "").MarkCoveredByDeclarative())
	}
	return errs
}

// covered marks an error as one a +k8s: tag also reports, with the tag's
// origin.
func covered(err *field.Error, origin string) *field.Error {
	return err.WithOrigin(origin).MarkCoveredByDeclarative()
}
