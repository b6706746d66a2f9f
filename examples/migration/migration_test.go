package migration_test

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/examples/migration/migrationtest"
	"github.com/kval-dev/kval/rollout"
)

// TestDeclarativeValidationIsEquivalent is the migration's equivalence
// test: the table cases and fuzzed creates and updates derived from them
// get the same errors (type, field, origin) from the tags as from the
// hand-written rules they replace.
func TestDeclarativeValidationIsEquivalent(t *testing.T) {
	rollout.Equivalent(t, migrationtest.HandWritten, migrationtest.Declarative, migrationtest.Cases())
}

// TestShadowModeCountsNoMismatch runs every case as kube-apiserver would
// in shadow mode (the default gates, no enforcement): the hand-written
// errors are returned, and equivalent tags leave the mismatch counter at 0.
func TestShadowModeCountsNoMismatch(t *testing.T) {
	reg := prometheus.NewPedanticRegistry()
	r := &rollout.Rollout{Gates: rollout.DefaultGates(), Metrics: rollout.NewMetrics(reg),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, c := range migrationtest.Cases() {
		op := operation.Operation{Type: operation.Create}
		if c.Old != nil {
			op.Type = operation.Update
		}
		ctx := context.Background()
		hand := func() field.ErrorList { return migrationtest.HandWritten(ctx, op, c.Obj, c.Old) }
		decl := func() field.ErrorList { return migrationtest.Declarative(ctx, op, c.Obj, c.Old) }
		got := r.Validate(ctx, rollout.Request{Kind: "BackupPolicy", Operation: op}, hand, decl)
		if want := hand(); len(got)+len(want) > 0 && !reflect.DeepEqual(got, want) {
			t.Errorf("%s: shadow mode returned %v, want the hand-written %v", c.Name, got, want)
		}
	}
	const want = `
# HELP apiserver_validation_declarative_validation_mismatch_total Number of times declarative validation results differed from handwritten validation results.
# TYPE apiserver_validation_declarative_validation_mismatch_total counter
apiserver_validation_declarative_validation_mismatch_total 0
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "apiserver_validation_declarative_validation_mismatch_total"); err != nil {
		t.Error(err)
	}
}

// TestGeneratedCodeIsCurrent fails when types.go changed without go
// generate.
func TestGeneratedCodeIsCurrent(t *testing.T) {
	migrationtest.CheckGenerated(t, ".")
}
