package rollout

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

var replicas = field.NewPath("spec", "replicas")

func minimumError(detail string) *field.Error {
	return field.Invalid(replicas, -1, detail).WithOrigin("minimum")
}

func mark(e *field.Error, s Stability) *field.Error {
	switch s {
	case Alpha:
		e.MarkAlpha()
	case Beta:
		e.MarkBeta()
	}
	return e
}

// harness runs one Validate with a fresh rollout, counting mismatches and
// whether declarative code ran.
type harness struct {
	r       *Rollout
	logs    bytes.Buffer
	ranDecl bool
}

func newHarness(g Gates) *harness {
	h := &harness{}
	h.r = &Rollout{Gates: g, Metrics: NewMetrics(nil), Logger: slog.New(slog.NewTextHandler(&h.logs, nil))}
	return h
}

func (h *harness) run(mode Mode, hv, dv field.ErrorList) field.ErrorList {
	var opts []Option
	if mode.Enforcement {
		opts = append(opts, WithDeclarativeEnforcement())
	}
	req := Request{Kind: "Widget", Operation: operation.Operation{Type: operation.Update}}
	return h.r.Validate(context.Background(), req,
		func() field.ErrorList { return hv },
		func() field.ErrorList { h.ranDecl = true; return dv }, opts...)
}

func (h *harness) mismatches() float64 { return testutil.ToFloat64(h.r.Metrics.mismatches) }

// TestAgreeingRulesReturnTheAuthoritysErrors: both validations report the
// same rule with different details; the detail returned says whose error
// the user sees, and agreement is never a mismatch.
func TestAgreeingRulesReturnTheAuthoritysErrors(t *testing.T) {
	for _, c := range cells() {
		h := newHarness(c.gates)
		got := h.run(c.mode, field.ErrorList{minimumError("hand").MarkCoveredByDeclarative()},
			field.ErrorList{mark(minimumError("decl"), c.stability)})
		want := map[Authority]string{HandWritten: "hand", Shadow: "hand", Declarative: "decl"}[c.want]
		if len(got) != 1 || got[0].Detail != want {
			t.Errorf("%s: returned %v, want the %q error", c, got, want)
		}
		if h.mismatches() != 0 {
			t.Errorf("%s: %v mismatches counted for agreeing rules", c, h.mismatches())
		}
		if h.ranDecl != Runs(c.gates, c.mode) {
			t.Errorf("%s: declarative ran %t", c, h.ranDecl)
		}
	}
}

// TestStricterDeclarativeRule: only declarative validation reports an
// error. It reaches the user only where declarative is authoritative, and
// is a mismatch wherever it is compared.
func TestStricterDeclarativeRule(t *testing.T) {
	for _, c := range cells() {
		h := newHarness(c.gates)
		got := h.run(c.mode, nil, field.ErrorList{mark(minimumError("decl"), c.stability)})
		if wantReturned := c.want == Declarative; (len(got) == 1) != wantReturned {
			t.Errorf("%s: returned %v", c, got)
		}
		want := 0.0
		if compared(c.gates, c.mode, c.stability) {
			want = 1
		}
		if h.mismatches() != want {
			t.Errorf("%s: %v mismatches, want %v", c, h.mismatches(), want)
		}
	}
}

// TestLaxerDeclarativeRule: only hand-written validation reports a covered
// error. It is always returned (nothing enforced replaces it) and is a
// mismatch whenever the gate turns comparison on.
func TestLaxerDeclarativeRule(t *testing.T) {
	for _, c := range cells() {
		h := newHarness(c.gates)
		got := h.run(c.mode, field.ErrorList{minimumError("hand").MarkCoveredByDeclarative()}, nil)
		if len(got) != 1 || got[0].Detail != "hand" {
			t.Errorf("%s: returned %v", c, got)
		}
		want := 0.0
		if c.gates.DeclarativeValidation {
			want = 1
		}
		if h.mismatches() != want {
			t.Errorf("%s: %v mismatches, want %v", c, h.mismatches(), want)
		}
	}
}

func TestUncoveredHandWrittenErrorsAreNeverCompared(t *testing.T) {
	h := newHarness(DefaultGates())
	other := field.Required(field.NewPath("spec", "name"), "")
	got := h.run(Mode{}, field.ErrorList{other}, nil)
	if len(got) != 1 || h.mismatches() != 0 {
		t.Errorf("returned %v with %v mismatches", got, h.mismatches())
	}
}

func TestMismatchIsLoggedWithBothLists(t *testing.T) {
	h := newHarness(DefaultGates())
	h.run(Mode{}, field.ErrorList{minimumError("hand").MarkCoveredByDeclarative()},
		field.ErrorList{field.TooLong(replicas, "", 3).WithOrigin("maxLength")})
	logs := h.logs.String()
	for _, want := range []string{"declarative validation mismatch", "widget_update", "handWritten=", "declarative=", "maxLength", "minimum"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	if h.mismatches() != 2 {
		t.Errorf("%v mismatches, want 2 (one missing, one extra)", h.mismatches())
	}
}

func TestDuplicateHandWrittenErrorsAreOneRule(t *testing.T) {
	h := newHarness(DefaultGates())
	hv := field.ErrorList{minimumError("a").MarkCoveredByDeclarative(), minimumError("b").MarkCoveredByDeclarative()}
	h.run(Mode{}, hv, field.ErrorList{minimumError("decl")})
	if h.mismatches() != 0 {
		t.Errorf("%v mismatches for a rule validated twice by hand", h.mismatches())
	}
}

func TestPanicReturnsTheHandWrittenResult(t *testing.T) {
	for _, enforcement := range []bool{false, true} {
		h := newHarness(DefaultGates())
		var opts []Option
		if enforcement {
			opts = append(opts, WithDeclarativeEnforcement())
		}
		hv := field.ErrorList{minimumError("hand")}
		got := h.r.Validate(context.Background(), Request{Kind: "Widget"},
			func() field.ErrorList { return hv },
			func() field.ErrorList { panic("index out of range") }, opts...)
		if got[0] != hv[0] || PanicTotal(h.r.Metrics) != 1 {
			t.Errorf("enforcement=%t: returned %v, panics %v", enforcement, got, PanicTotal(h.r.Metrics))
		}
		// With enforcement the standard rules have no fallback: say so.
		if wantInternal := enforcement; (len(got) == 2 && got[1].Type == field.ErrorTypeInternal) != wantInternal {
			t.Errorf("enforcement=%t: returned %v", enforcement, got)
		}
		if !strings.Contains(h.logs.String(), "index out of range") {
			t.Errorf("panic not logged: %s", h.logs.String())
		}
	}
}

func TestMetricsHaveKubeAPIServersNamesAndLabels(t *testing.T) {
	reg := prometheus.NewRegistry()
	r := &Rollout{Gates: DefaultGates(), Metrics: NewMetrics(reg), Logger: slog.New(slog.DiscardHandler)}
	op := operation.Operation{Type: operation.Update, Request: operation.Request{Subresources: []string{"status"}}}
	r.Validate(context.Background(), Request{Kind: "Widget", Operation: op},
		func() field.ErrorList { return nil },
		func() field.ErrorList { return field.ErrorList{minimumError("decl").MarkAlpha()} })
	r.Validate(context.Background(), Request{Kind: "Widget"},
		func() field.ErrorList { return nil }, func() field.ErrorList { panic("boom") })
	want := `
# HELP apiserver_validation_declarative_validation_mismatch_total Number of times declarative validation results differed from handwritten validation results.
# TYPE apiserver_validation_declarative_validation_mismatch_total counter
apiserver_validation_declarative_validation_mismatch_total 1
# HELP apiserver_validation_declarative_validation_panic_total Number of times declarative validation has panicked during validation.
# TYPE apiserver_validation_declarative_validation_panic_total counter
apiserver_validation_declarative_validation_panic_total 1
# HELP apiserver_validation_declarative_validation_panics_total Number of panics in declarative validation, by validation identifier.
# TYPE apiserver_validation_declarative_validation_panics_total counter
apiserver_validation_declarative_validation_panics_total{validation_identifier="widget_create"} 1
# HELP apiserver_validation_declarative_validation_parity_discrepancies_total Number of discrepancies between declarative and handwritten validation, by validation identifier.
# TYPE apiserver_validation_declarative_validation_parity_discrepancies_total counter
apiserver_validation_declarative_validation_parity_discrepancies_total{validation_identifier="widget_status_update"} 1
`
	if err := testutil.GatherAndCompare(reg, strings.NewReader(want)); err != nil {
		t.Error(err)
	}
}

// TestDocsNameTheRegisteredMetrics keeps the metric names of the
// declarative validation guide those
// NewMetrics registers: a bare KEP name (without kube-apiserver's
// apiserver_validation_ prefix) would send users to a series that does not
// exist.
func TestDocsNameTheRegisteredMetrics(t *testing.T) {
	readme, err := os.ReadFile("../docs/declarative-validation.md")
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg)
	m.mismatch("x")
	m.panicked("x")
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		name := f.GetName()
		if strings.HasSuffix(name, "_mismatch_total") || strings.HasSuffix(name, "_panic_total") {
			if !strings.Contains(string(readme), "`"+name+"`") {
				t.Errorf("docs/declarative-validation.md does not name the registered metric %s", name)
			}
		}
	}
	// The KEP's bare names may be mentioned in prose, never cited as names.
	if strings.Contains(string(readme), "`declarative_validation_") {
		t.Error("docs/declarative-validation.md cites a declarative_validation_ metric without its registered apiserver_validation_ prefix")
	}
}
