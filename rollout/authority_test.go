package rollout

import (
	"fmt"
	"testing"
)

// authorityTable is the KEP's table written out cell by cell:
// strategy, DeclarativeValidation, DeclarativeValidationBeta, then the
// authority of standard, beta and alpha rules.
var authorityTable = []struct {
	enforcement, dv, beta  bool
	standard, betaR, alpha Authority
}{
	{false, false, false, HandWritten, HandWritten, HandWritten},
	{false, false, true, HandWritten, HandWritten, HandWritten},
	{false, true, false, Shadow, Shadow, Shadow},
	{false, true, true, Shadow, Declarative, Shadow},
	{true, false, false, Declarative, HandWritten, HandWritten},
	{true, false, true, Declarative, HandWritten, HandWritten},
	{true, true, false, Declarative, Shadow, Shadow},
	{true, true, true, Declarative, Declarative, Shadow},
}

func (c cellCase) String() string {
	return fmt.Sprintf("enforcement=%t/DV=%t/Beta=%t/%s", c.mode.Enforcement, c.gates.DeclarativeValidation, c.gates.DeclarativeValidationBeta, c.stability)
}

type cellCase struct {
	gates     Gates
	mode      Mode
	stability Stability
	want      Authority
}

// cells expands the table into one case per cell.
func cells() []cellCase {
	var out []cellCase
	for _, row := range authorityTable {
		g := Gates{DeclarativeValidation: row.dv, DeclarativeValidationBeta: row.beta}
		m := Mode{Enforcement: row.enforcement}
		out = append(out,
			cellCase{g, m, Standard, row.standard},
			cellCase{g, m, Beta, row.betaR},
			cellCase{g, m, Alpha, row.alpha})
	}
	return out
}

func TestDecideFollowsTheAuthorityTable(t *testing.T) {
	for _, c := range cells() {
		if got := Decide(c.gates, c.mode, c.stability); got != c.want {
			t.Errorf("%s: %s, want %s", c, got, c.want)
		}
	}
}

func TestDeclarativeRunsWithTheGateOrEnforcement(t *testing.T) {
	for _, row := range authorityTable {
		g := Gates{DeclarativeValidation: row.dv, DeclarativeValidationBeta: row.beta}
		if got, want := Runs(g, Mode{Enforcement: row.enforcement}), row.dv || row.enforcement; got != want {
			t.Errorf("%+v: runs %t, want %t", row, got, want)
		}
	}
}
