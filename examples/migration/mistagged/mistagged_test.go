package mistagged_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/examples/migration"
	"github.com/kval-dev/kval/examples/migration/migrationtest"
	"github.com/kval-dev/kval/examples/migration/mistagged"
	"github.com/kval-dev/kval/rollout"
)

// declarative runs the mistagged generated code on migration's objects:
// both types have the same JSON form, as two versions of an API would.
func declarative(ctx context.Context, op operation.Operation, obj, old *migration.BackupPolicy) field.ErrorList {
	return mistagged.Validate_BackupPolicy(ctx, op, nil, convert(obj), convert(old))
}

func convert(p *migration.BackupPolicy) *mistagged.BackupPolicy {
	if p == nil {
		return nil
	}
	data, err := json.Marshal(p)
	if err != nil {
		panic(err)
	}
	out := new(mistagged.BackupPolicy)
	if err := json.Unmarshal(data, out); err != nil {
		panic(err)
	}
	return out
}

// recorder is a rollout.TB that keeps the failures, so the test can
// assert what Equivalent reports instead of failing with it.
type recorder struct{ failures []string }

func (*recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, args...))
}

// TestEquivalenceNamesTheWrongTag: the table's "retention too long" case
// (120 days) is refused by hand and accepted by the tag, and the failure
// names the rule, the field and the object.
func TestEquivalenceNamesTheWrongTag(t *testing.T) {
	r := &recorder{}
	rollout.Equivalent(r, migrationtest.HandWritten, declarative, migrationtest.Cases(), rollout.FuzzRounds(0))
	if len(r.failures) != 1 {
		t.Fatalf("got %d failures, want the one case over 90 days:\n%s", len(r.failures), strings.Join(r.failures, "\n"))
	}
	for _, want := range []string{`retention too long (create)`, "rule maximum at spec.retentionDays differs",
		"only hand-written validation reports", `"retentionDays":120`} {
		if !strings.Contains(r.failures[0], want) {
			t.Errorf("failure lacks %q:\n%s", want, r.failures[0])
		}
	}
}

// TestFuzzingFindsTheWrongTagWithoutATableCase: with only valid table
// cases, fuzzing still reaches 91 days (a neighbour of the 90 the table
// holds) and reports the same rule.
func TestFuzzingFindsTheWrongTagWithoutATableCase(t *testing.T) {
	var valid []rollout.Case[migration.BackupPolicy]
	for _, c := range migrationtest.Cases() {
		if len(migrationtest.HandWritten(context.Background(), operation.Operation{}, c.Obj, nil)) == 0 && c.Old == nil {
			valid = append(valid, c)
		}
	}
	r := &recorder{}
	rollout.Equivalent(r, migrationtest.HandWritten, declarative, valid)
	if len(r.failures) == 0 {
		t.Fatal("fuzzing did not catch +k8s:maximum=365")
	}
	for _, f := range r.failures {
		if !strings.Contains(f, "rule maximum at spec.retentionDays differs") {
			t.Errorf("unexpected failure:\n%s", f)
		}
	}
}

// TestShadowModeCountsTheMismatch: in shadow mode the user gets the
// hand-written error, and the mismatch is counted where operators see it.
func TestShadowModeCountsTheMismatch(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	r := &rollout.Rollout{Gates: rollout.DefaultGates(), Metrics: rollout.NewMetrics(reg),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, op := context.Background(), operation.Operation{Type: operation.Create}
	obj := caseNamed(t, "retention too long").Obj
	got := r.Validate(ctx, rollout.Request{Kind: "BackupPolicy", Operation: op},
		func() field.ErrorList { return migrationtest.HandWritten(ctx, op, obj, nil) },
		func() field.ErrorList { return declarative(ctx, op, obj, nil) })
	if len(got) != 1 || got[0].Field != "spec.retentionDays" {
		t.Errorf("returned %v, want the hand-written retention error", got)
	}
	const want = `
# HELP apiserver_validation_declarative_validation_mismatch_total Number of times declarative validation results differed from handwritten validation results.
# TYPE apiserver_validation_declarative_validation_mismatch_total counter
apiserver_validation_declarative_validation_mismatch_total 1
# HELP apiserver_validation_declarative_validation_parity_discrepancies_total Number of discrepancies between declarative and handwritten validation, by validation identifier.
# TYPE apiserver_validation_declarative_validation_parity_discrepancies_total counter
apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier="backuppolicy_create"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want),
		"apiserver_validation_declarative_validation_mismatch_total",
		"apiserver_validation_declarative_validation_parity_discrepancies_total"); err != nil {
		t.Error(err)
	}
}

func caseNamed(t *testing.T, name string) rollout.Case[migration.BackupPolicy] {
	for _, c := range migrationtest.Cases() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no case %q", name)
	return rollout.Case[migration.BackupPolicy]{}
}

func TestGeneratedCodeIsCurrent(t *testing.T) {
	migrationtest.CheckGenerated(t, ".")
}
