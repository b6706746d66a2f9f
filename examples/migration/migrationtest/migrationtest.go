// Package migrationtest holds what the migration's tests share: the two
// validations in rollout.Equivalent's shape, and the table of cases the
// hand-written tests already had, now run through both validations.
package migrationtest

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/examples/migration"
	"github.com/kval-dev/kval/rollout"
)

// HandWritten adapts ValidateBackupPolicy and ValidateBackupPolicyUpdate.
func HandWritten(_ context.Context, op operation.Operation, obj, old *migration.BackupPolicy) field.ErrorList {
	if op.Type == operation.Update {
		return migration.ValidateBackupPolicyUpdate(obj, old)
	}
	return migration.ValidateBackupPolicy(obj)
}

// Declarative adapts the generated Validate_BackupPolicy: the root's path
// is empty, as for a whole object.
func Declarative(ctx context.Context, op operation.Operation, obj, old *migration.BackupPolicy) field.ErrorList {
	return migration.Validate_BackupPolicy(ctx, op, nil, obj, old)
}

// Cases returns the table: valid objects, one violation of each rule, and
// updates. Their values seed the fuzzer too, so each rule's boundary
// (90 and 91 days, 4 and 5 targets) is among them.
func Cases() []rollout.Case[migration.BackupPolicy] {
	valid := policy(func(*migration.BackupPolicySpec) {})
	return []rollout.Case[migration.BackupPolicy]{
		{Name: "valid", Obj: valid},
		{Name: "longest retention", Obj: policy(func(s *migration.BackupPolicySpec) { s.RetentionDays = ptr[int32](90) })},
		{Name: "no schedule", Obj: policy(func(s *migration.BackupPolicySpec) { s.Schedule = "" })},
		{Name: "schedule too long", Obj: policy(func(s *migration.BackupPolicySpec) { s.Schedule = string(make([]byte, 65)) })},
		{Name: "retention too long", Obj: policy(func(s *migration.BackupPolicySpec) { s.RetentionDays = ptr[int32](120) })},
		{Name: "zero retention", Obj: policy(func(s *migration.BackupPolicySpec) { s.RetentionDays = ptr[int32](0) })},
		{Name: "duplicate target", Obj: policy(func(s *migration.BackupPolicySpec) { s.Targets = append(s.Targets, s.Targets[0]) })},
		{Name: "bad target name", Obj: policy(func(s *migration.BackupPolicySpec) { s.Targets[0].Name = "Not_A_Label" })},
		{Name: "too many targets", Obj: policy(func(s *migration.BackupPolicySpec) { s.Targets = targets(5) })},
		{Name: "storage class changed", Obj: policy(func(s *migration.BackupPolicySpec) { s.StorageClass = "fast" }), Old: valid},
		{Name: "target added", Obj: policy(func(s *migration.BackupPolicySpec) {
			s.Targets = append(s.Targets, migration.BackupTarget{Name: "tape", Bucket: "t"})
		}), Old: valid},
	}
}

// policy is a valid BackupPolicy changed by edit.
func policy(edit func(*migration.BackupPolicySpec)) *migration.BackupPolicy {
	p := &migration.BackupPolicy{Spec: migration.BackupPolicySpec{
		Schedule:      "0 3 * * *",
		RetentionDays: ptr[int32](30),
		StorageClass:  "standard",
		Targets: []migration.BackupTarget{
			{Name: "offsite", Bucket: "s3://backups"},
			{Name: "archive", Bucket: "gs://archive"},
		},
	}}
	edit(&p.Spec)
	return p
}

// targets returns n valid targets with distinct names.
func targets(n int) []migration.BackupTarget {
	out := make([]migration.BackupTarget, n)
	for i := range out {
		out[i] = migration.BackupTarget{Name: fmt.Sprintf("copy-%d", i), Bucket: "b"}
	}
	return out
}

func ptr[T any](v T) *T { return &v }
