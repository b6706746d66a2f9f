package gen_test

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen"
	"github.com/kval-dev/kval/gen/testdata/golden/lifecycle"
	"github.com/kval-dev/kval/rollout"
)

// handWrittenPool is the validation lifecycle.Pool's tags replace: each
// error marked covered, with a detail that says it is hand-written.
func handWrittenPool(_ context.Context, _ operation.Operation, obj, _ *lifecycle.Pool) field.ErrorList {
	var errs field.ErrorList
	if obj.Size < 1 && obj.Size != 0 {
		errs = append(errs, field.Invalid(path("size"), obj.Size, "hand").WithOrigin("minimum").MarkCoveredByDeclarative())
	}
	if obj.Burst > 10 {
		errs = append(errs, field.Invalid(path("burst"), obj.Burst, "hand").WithOrigin("maximum").MarkCoveredByDeclarative())
	}
	if len(obj.Zone) > 8 {
		errs = append(errs, field.TooLong(path("zone"), obj.Zone, 8).WithOrigin("maxLength").MarkCoveredByDeclarative())
	}
	return errs
}

// whose says, field by field, whether the returned error is the
// hand-written one ("hand") or the generated one ("decl").
func whose(list field.ErrorList) string {
	var parts []string
	for _, e := range list {
		who := "decl"
		if e.Detail == "hand" || e.CoveredByDeclarative {
			who = "hand"
		}
		parts = append(parts, e.Field+":"+who)
	}
	return strings.Join(parts, " ")
}

// TestLifecycleUnderEveryGateCombination runs the generated code of the
// lifecycle package through package rollout: size is beta, burst alpha,
// zone standard. Both validations agree, so the errors returned say who
// is authoritative, and no mismatch (nor panic) is ever counted. The same
// Rollout then meets a hand-written function that misses the burst rule:
// the alpha rule is shadowed whenever DeclarativeValidation is on, so that
// one mismatch is counted there, showing the counter is live.
func TestLifecycleUnderEveryGateCombination(t *testing.T) {
	cases := []struct {
		enforcement, dv, beta bool
		want                  string
	}{
		{false, false, false, "size:hand burst:hand zone:hand"},
		{false, false, true, "size:hand burst:hand zone:hand"},
		{false, true, false, "size:hand burst:hand zone:hand"},
		{false, true, true, "burst:hand zone:hand size:decl"},
		{true, false, false, "size:hand burst:hand zone:decl"},
		{true, false, true, "size:hand burst:hand zone:decl"},
		{true, true, false, "size:hand burst:hand zone:decl"},
		{true, true, true, "burst:hand size:decl zone:decl"},
	}
	bad := &lifecycle.Pool{Size: -1, Burst: 11, Zone: "much-too-long"}
	good := &lifecycle.Pool{Size: 2, Burst: 5, Zone: "eu"}
	for _, c := range cases {
		for _, op := range []operation.Operation{create, update} {
			name := fmt.Sprintf("enforcement=%t/DV=%t/Beta=%t/%s", c.enforcement, c.dv, c.beta, opName(op))
			r := &rollout.Rollout{Gates: rollout.Gates{DeclarativeValidation: c.dv, DeclarativeValidationBeta: c.beta},
				Metrics: rollout.NewMetrics(nil), Logger: slog.New(slog.DiscardHandler)}
			var old *lifecycle.Pool
			if op.Type == operation.Update {
				old = good
			}
			var opts []rollout.Option
			if c.enforcement {
				opts = append(opts, rollout.WithDeclarativeEnforcement())
			}
			got := r.Validate(ctx, rollout.Request{Kind: "Pool", Operation: op},
				func() field.ErrorList { return handWrittenPool(ctx, op, bad, old) },
				func() field.ErrorList { return lifecycle.Validate_Pool(ctx, op, nil, bad, old) }, opts...)
			if whose(got) != c.want {
				t.Errorf("%s: %s, want %s", name, whose(got), c.want)
			}
			if n, p := rollout.MismatchTotal(r.Metrics), rollout.PanicTotal(r.Metrics); n != 0 || p != 0 {
				t.Errorf("%s: %v mismatches and %v panics counted, want none", name, n, p)
			}
			laxHand := func() field.ErrorList {
				return handWrittenPool(ctx, op, &lifecycle.Pool{Size: bad.Size, Burst: 10, Zone: bad.Zone}, old)
			}
			r.Validate(ctx, rollout.Request{Kind: "Pool", Operation: op}, laxHand,
				func() field.ErrorList { return lifecycle.Validate_Pool(ctx, op, nil, bad, old) }, opts...)
			want := 0.0
			if c.dv {
				want = 1
			}
			if n := rollout.MismatchTotal(r.Metrics); n != want {
				t.Errorf("%s: a missed alpha rule counted %v mismatches, want %v", name, n, want)
			}
		}
	}
}

func opName(op operation.Operation) string {
	if op.Type == operation.Update {
		return "update"
	}
	return "create"
}

// TestLifecyclePackageIsEquivalentToItsHandWrittenValidation uses the
// migration helper on the generated code, and shows it catches a wrong
// rule.
func TestLifecyclePackageIsEquivalentToItsHandWrittenValidation(t *testing.T) {
	generated := func(ctx context.Context, op operation.Operation, obj, old *lifecycle.Pool) field.ErrorList {
		errs := lifecycle.Validate_Pool(ctx, op, nil, obj, old)
		return errs.Filter(func(e error) bool { return strings.Contains(e.Error(), "tier") }) // tier has no hand-written rule
	}
	cases := []rollout.Case[lifecycle.Pool]{
		{Name: "valid", Obj: &lifecycle.Pool{Size: 1, Burst: 10, Zone: "eu-west1"}},
		{Name: "scaled", Obj: &lifecycle.Pool{Size: 3, Burst: 4}, Old: &lifecycle.Pool{Size: 1}},
	}
	rollout.Equivalent(t, handWrittenPool, generated, cases)

	wrong := func(ctx context.Context, op operation.Operation, obj, old *lifecycle.Pool) field.ErrorList {
		return handWrittenPool(ctx, op, &lifecycle.Pool{Size: obj.Size, Burst: obj.Burst - 1, Zone: obj.Zone}, old)
	}
	r := &recorder{}
	rollout.Equivalent(r, wrong, generated, cases)
	if len(r.failures) == 0 || !strings.Contains(r.failures[0], "rule maximum at burst differs") {
		t.Errorf("an off-by-one hand-written maximum was not reported: %q", r.failures)
	}
}

type recorder struct{ failures []string }

func (*recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

// TestShadowModeCountsAWrongTag: generated code stricter than the
// hand-written rule is a mismatch in shadow mode, not an error.
func TestShadowModeCountsAWrongTag(t *testing.T) {
	r := &rollout.Rollout{Gates: rollout.DefaultGates(), Metrics: rollout.NewMetrics(nil), Logger: slog.New(slog.DiscardHandler)}
	burst12 := &lifecycle.Pool{Burst: 12}
	laxHand := func() field.ErrorList { return nil } // believes burst may reach 20
	got := r.Validate(ctx, rollout.Request{Kind: "Pool", Operation: create}, laxHand,
		func() field.ErrorList { return lifecycle.Validate_Pool(ctx, create, nil, burst12, nil) })
	if len(got) != 0 {
		t.Errorf("an alpha rule was enforced: %v", got)
	}
	if got := rollout.MismatchTotal(r.Metrics); got != 1 {
		t.Errorf("%v mismatches, want 1", got)
	}
}

// TestLifecycleLint checks the warnings of --current-version.
func TestLifecycleLint(t *testing.T) {
	cases := []struct {
		current string
		pkg     string
		want    []string
	}{
		{"1.39", "./lifecycle", nil},
		{"1.40", "./lifecycle", []string{
			"types.go:7:5: +k8s:beta(since: \"1.39\", owner: \"@jane\")=+k8s:minimum=1: may graduate: beta since 1.39, 1 release(s) ago",
			"types.go:12:5: +k8s:alpha(since: \"v1.39\")=+k8s:maximum=10: may graduate: alpha since v1.39, 1 release(s) ago (once its mismatch metrics are clean, write +k8s:beta(since: \"1.40\")=...)"}},
		{"1.42", "./lifecycle", []string{"stale: beta since 1.39, 3 releases ago", "stale: alpha since v1.39, 3 releases ago"}},
		{"1.38", "./lifecycle", []string{"since 1.39 is after the current version 1.38", "since v1.39 is after the current version 1.38"}},
		{"1.36", "./options", []string{"beta rule without since"}},
	}
	for _, c := range cases {
		res, err := gen.Lint(gen.Options{Dir: "testdata/golden", Patterns: []string{c.pkg}, CurrentVersion: c.current})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Warnings) != len(c.want) {
			t.Errorf("%s at %s: warnings %q, want %d", c.pkg, c.current, res.Warnings, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(res.Warnings[i], w) {
				t.Errorf("%s at %s: warning %q lacks %q", c.pkg, c.current, res.Warnings[i], w)
			}
		}
	}
}

func TestCurrentVersionMustBeAVersion(t *testing.T) {
	_, err := gen.Lint(gen.Options{Dir: "testdata/golden", Patterns: []string{"./lifecycle"}, CurrentVersion: "latest"})
	if err == nil || !strings.Contains(err.Error(), "--current-version") {
		t.Errorf("error %v", err)
	}
}
