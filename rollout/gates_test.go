package rollout

import (
	"strings"
	"testing"
)

func TestGatesDefaultOn(t *testing.T) {
	if g := DefaultGates(); !g.DeclarativeValidation || !g.DeclarativeValidationBeta {
		t.Errorf("defaults %s, want both on", g)
	}
}

func TestParseGates(t *testing.T) {
	cases := []struct {
		spec    string
		want    Gates
		wantErr string
	}{
		{spec: "", want: Gates{true, true}},
		{spec: "DeclarativeValidation=false", want: Gates{false, true}},
		{spec: "DeclarativeValidationBeta=false, DeclarativeValidation=true", want: Gates{true, false}},
		{spec: "DeclarativeValidationTakeover=true", want: Gates{true, true}},
		{spec: "DeclarativeValidationTakeover=false,DeclarativeValidationBeta=false", want: Gates{true, false}},
		{spec: "DeclarativeValidaton=false", wantErr: "unknown feature gate"},
		{spec: "DeclarativeValidation", wantErr: "want Name=true"},
		{spec: "DeclarativeValidation=maybe", wantErr: "not a boolean"},
	}
	for _, c := range cases {
		got, err := ParseGates(c.spec)
		switch {
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%q: error %v, want %q", c.spec, err, c.wantErr)
		case c.wantErr == "" && (err != nil || got != c.want):
			t.Errorf("%q: %s, %v; want %s", c.spec, got, err, c.want)
		}
	}
}

func TestGatesStringRoundTrips(t *testing.T) {
	g := Gates{DeclarativeValidation: true}
	back, err := ParseGates(g.String())
	if err != nil || back != g {
		t.Errorf("%s read back as %s, %v", g, back, err)
	}
}
