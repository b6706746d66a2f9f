package gen_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/crosspkg/api"
	"github.com/kval-dev/kval/gen/testdata/golden/crosspkg/validation"
	"github.com/kval-dev/kval/gen/testdata/golden/custom"
	"github.com/kval-dev/kval/gen/testdata/golden/options"
	"github.com/kval-dev/kval/gen/testdata/golden/registry"
	"github.com/kval-dev/kval/gen/testdata/golden/updates"
)

func TestUpdateConstraints(t *testing.T) {
	old := &updates.Claim{ClassName: "fast", Finalizers: []string{"a", "b"}, Annotations: map[string]string{"k": "v"}, Generation: 2}
	expectValid(t, updates.Validate_Claim(ctx, create, root, old, nil))

	now := &updates.Claim{
		ClassName:   "slow",                          // immutable
		VolumeName:  "",                              // unchanged unset: fine
		Owner:       ptr("me"),                       // NoSet
		Finalizers:  []string{"b", "c"},              // NoRemoveItem: "a" removed
		Annotations: map[string]string{"k": "other"}, // each value NoModify
		Generation:  1,                               // monotonic
	}
	got := updates.Validate_Claim(ctx, update, root, now, old)
	expect(t, got,
		invalid(path("className"), "immutable"),
		invalid(path("owner"), "update"),
		field.Forbidden(path("finalizers"), "").WithOrigin("update"),
		invalid(path("annotations").Key("k"), "update"),
		invalid(path("generation"), "monotonic"))

	set := &updates.Claim{ClassName: "fast", VolumeName: "v1"}
	expectValid(t, updates.Validate_Claim(ctx, update, root, set, &updates.Claim{ClassName: "fast"}))
	expect(t, updates.Validate_Claim(ctx, update, root, &updates.Claim{ClassName: "fast", VolumeName: "v2"}, set),
		invalid(path("volumeName"), "update"))
	expect(t, updates.Validate_Claim(ctx, update, root, &updates.Claim{ClassName: "fast"}, set),
		invalid(path("volumeName"), "update"))
}

func TestRatchetingKeepsOldInvalidValues(t *testing.T) {
	old := &updates.Claim{ClassName: "fast", Note: "too long already"}
	expect(t, updates.Validate_Claim(ctx, create, root, old, nil), field.TooLong(path("note"), "", 4).WithOrigin("maxLength"))
	// Unchanged: accepted.
	expectValid(t, updates.Validate_Claim(ctx, update, root, &updates.Claim{ClassName: "fast", Note: old.Note}, old))
	// Changed: the rule applies.
	expect(t, updates.Validate_Claim(ctx, update, root, &updates.Claim{ClassName: "fast", Note: "still too long"}, old),
		field.TooLong(path("note"), "", 4).WithOrigin("maxLength"))
}

func TestOptionsAndStability(t *testing.T) {
	gated := func(on bool) operation.Operation {
		return withOptions(operation.Create, map[string]bool{"HighParallelism": on})
	}
	job := &options.Job{Parallelism: 100}
	expect(t, options.Validate_Job(ctx, gated(false), root, job, nil), invalid(path("parallelism"), "maximum"))
	expectValid(t, options.Validate_Job(ctx, gated(true), root, job, nil))

	got := options.Validate_Job(ctx, gated(true), root, &options.Job{Label: "far too long", Retries: -1}, nil)
	expect(t, got, field.TooLong(path("label"), "", 10).WithOrigin("maxLength"), invalid(path("retries"), "minimum"))
	for _, e := range got {
		switch e.Field {
		case "label":
			if !e.IsAlpha() {
				t.Errorf("%v: want an alpha error", e)
			}
		case "retries":
			if !e.IsBeta() {
				t.Errorf("%v: want a beta error", e)
			}
		}
	}
}

func TestCustomValidationAndOpaqueTypes(t *testing.T) {
	s := &custom.Schedule{Cron: "* * *", Start: 5, End: 1, Window: custom.Window{}}
	expect(t, custom.Validate_Schedule(ctx, create, root, s, nil),
		field.Invalid(path("end"), nil, ""), field.Invalid(path("cron"), nil, ""))
	// Window's own rules (zone is required) are skipped: the field is opaque.
	expectValid(t, custom.Validate_Schedule(ctx, create, root, &custom.Schedule{Cron: "* * * * *"}, nil))
}

// TestRegisteredTypesValidateThroughTheScheme checks what a Kubernetes
// strategy sees: validation through runtime.Scheme, for the resource and for
// the subresources the type declares.
func TestRegisteredTypesValidateThroughTheScheme(t *testing.T) {
	scheme := runtime.NewScheme()
	if err := registry.AddToScheme(scheme); err != nil {
		t.Fatal(err)
	}
	bad := &registry.Widget{Spec: registry.WidgetSpec{Replicas: ptr[int32](-1)}}
	expect(t, scheme.Validate(context.Background(), nil, bad), invalid(path("spec").Child("replicas"), "minimum"))
	expect(t, scheme.Validate(context.Background(), nil, bad, "status"), invalid(path("spec").Child("replicas"), "minimum"))
	got := scheme.Validate(context.Background(), nil, bad, "scale")
	if len(got) != 1 || got[0].Type != field.ErrorTypeInternal {
		t.Errorf("an undeclared subresource must be an internal error, got %v", got)
	}
	good := &registry.Widget{Spec: registry.WidgetSpec{Replicas: ptr[int32](1)}}
	expectValid(t, scheme.ValidateUpdate(context.Background(), nil, good, bad))
}

// TestValidationGeneratedInAnotherPackage checks +k8s:validation-gen-input:
// the types live in one package, their validation in another.
func TestValidationGeneratedInAnotherPackage(t *testing.T) {
	b := &api.Backup{Target: "Not Valid", Retention: &api.Retention{Days: 0}, Mode: "Partial"}
	b.Retention.Days = -1
	expect(t, validation.Validate_Backup(ctx, create, root, b, nil),
		invalid(path("target"), "format=k8s-long-name"),
		invalid(path("retention").Child("days"), "minimum"),
		field.NotSupported(path("mode"), "Partial", []string{"Full", "Incremental"}))
}
