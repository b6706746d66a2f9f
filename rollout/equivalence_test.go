package rollout

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

type widgetSpec struct {
	Replicas *int32  `json:"replicas,omitempty"`
	Name     string  `json:"name"`
	Ports    []int32 `json:"ports,omitempty"`
}

// recorder is a TB that keeps the failures.
type recorder struct{ failures []string }

func (*recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

var specPath = field.NewPath("spec")

// handWrittenWidget is a hand-written validation: replicas >= 1, name
// immutable; only the replicas rule is covered by declarative validation.
func handWrittenWidget(_ context.Context, op operation.Operation, obj, old *widgetSpec) field.ErrorList {
	var errs field.ErrorList
	if obj.Replicas != nil && *obj.Replicas < 1 {
		errs = append(errs, field.Invalid(specPath.Child("replicas"), *obj.Replicas, "must be at least 1").
			WithOrigin("minimum").MarkCoveredByDeclarative())
	}
	if op.Type == operation.Update && obj.Name != old.Name {
		errs = append(errs, field.Forbidden(specPath.Child("name"), "immutable"))
	}
	return errs
}

// declarativeWidget stands for generated code with +k8s:minimum=<min>.
func declarativeWidget(minimum int32) ValidateFunc[widgetSpec] {
	return func(_ context.Context, op operation.Operation, obj, old *widgetSpec) field.ErrorList {
		if obj.Replicas == nil || *obj.Replicas >= minimum {
			return nil
		}
		if op.Type == operation.Update && old.Replicas != nil && *old.Replicas == *obj.Replicas {
			return nil // ratcheting: unchanged
		}
		return field.ErrorList{field.Invalid(specPath.Child("replicas"), *obj.Replicas,
			fmt.Sprintf("must be greater than or equal to %d", minimum)).WithOrigin("minimum")}
	}
}

func ptr[T any](v T) *T { return &v }

var widgetCases = []Case[widgetSpec]{
	{Name: "three replicas", Obj: &widgetSpec{Replicas: ptr[int32](3), Name: "a"}},
	{Name: "one replica", Obj: &widgetSpec{Replicas: ptr[int32](1), Name: "a", Ports: []int32{80}}},
	{Name: "scale up", Obj: &widgetSpec{Replicas: ptr[int32](5), Name: "a"}, Old: &widgetSpec{Replicas: ptr[int32](3), Name: "a"}},
}

func TestEquivalentRulesPass(t *testing.T) {
	r := &recorder{}
	// Creates only: the hand-written rule does not ratchet and the
	// generated one does, which fuzzed updates report (see below).
	creates := widgetCases[:2]
	Equivalent(r, handWrittenWidget, declarativeWidget(1), creates, FuzzRounds(200))
	if len(r.failures) != 0 {
		t.Errorf("equivalent functions failed:\n%s", strings.Join(r.failures, "\n"))
	}
}

func TestWrongBoundIsCaughtByFuzzing(t *testing.T) {
	r := &recorder{}
	Equivalent(r, handWrittenWidget, declarativeWidget(0), widgetCases)
	if len(r.failures) == 0 {
		t.Fatal("+k8s:minimum=0 instead of 1 not caught")
	}
	first := r.failures[0]
	for _, want := range []string{"fuzz round", "rule minimum at spec.replicas differs", "only hand-written validation reports", `"replicas":0`} {
		if !strings.Contains(first, want) {
			t.Errorf("failure lacks %q: %s", want, first)
		}
	}
}

func TestRatchetingDifferenceIsCaughtOnUpdate(t *testing.T) {
	r := &recorder{}
	stored := []Case[widgetSpec]{{Name: "unchanged invalid", Obj: &widgetSpec{Replicas: ptr[int32](0)}, Old: &widgetSpec{Replicas: ptr[int32](0)}}}
	Equivalent(r, handWrittenWidget, declarativeWidget(1), stored, FuzzRounds(0))
	if len(r.failures) != 1 || !strings.Contains(r.failures[0], "(update)") {
		t.Errorf("failures %q, want the update reported", r.failures)
	}
}

func TestUncoveredHandWrittenRulesAreIgnoredUnlessCoverAll(t *testing.T) {
	rename := []Case[widgetSpec]{{Name: "rename", Obj: &widgetSpec{Name: "b"}, Old: &widgetSpec{Name: "a"}}}
	r := &recorder{}
	Equivalent(r, handWrittenWidget, declarativeWidget(1), rename, FuzzRounds(0))
	if len(r.failures) != 0 {
		t.Errorf("uncovered rule compared: %q", r.failures)
	}
	Equivalent(r, handWrittenWidget, declarativeWidget(1), rename, FuzzRounds(0), CoverAll())
	if len(r.failures) != 1 || !strings.Contains(r.failures[0], "rule Forbidden at spec.name") {
		t.Errorf("failures %q, want the name rule", r.failures)
	}
}

func TestFuzzingIsDeterministicPerSeed(t *testing.T) {
	run := func() []string {
		r := &recorder{}
		Equivalent(r, handWrittenWidget, declarativeWidget(0), widgetCases, Seed(7), FuzzRounds(50))
		return r.failures
	}
	if a, b := run(), run(); strings.Join(a, "|") != strings.Join(b, "|") {
		t.Error("two runs with the same seed differ")
	}
}
