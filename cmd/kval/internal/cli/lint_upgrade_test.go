package cli

import (
	"slices"
	"testing"

	"github.com/kval-dev/kval/upgrade"
)

const upgradeInput = "testdata/lint/upgrade/"

func TestLintUpgradeGolden(t *testing.T) {
	cases := []cliCase{
		{golden: "lint/upgrade-safe", args: []string{"lint", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-safe-json", args: []string{"lint", "-o", "json", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-breaking", args: []string{"lint", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "breaking.yaml"}},
		{golden: "lint/upgrade-namespace", args: []string{"lint", "-n", "shop", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		// A valid CRD whose update breaks clients: said on its line and in the summary.
		{golden: "lint/upgrade-narrowed", args: []string{"lint", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "narrowed.yaml"}},
		{golden: "lint/upgrade-narrowed-json", args: []string{"lint", "-o", "json", "--old", upgradeInput + "old.yaml", upgradeInput + "narrowed.yaml"}},
		{golden: "lint/upgrade-same", args: []string{"lint", "--old", upgradeInput + "old.yaml", upgradeInput + "old.yaml"}},
		{golden: "lint/upgrade-objects-without-old", args: []string{"lint", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-missing-old", args: []string{"lint", "--old", upgradeInput + "missing.yaml", upgradeInput + "safe.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestCollapseChanges: a change made at several paths is one line.
func TestCollapseChanges(t *testing.T) {
	bound := func(path string) upgrade.Change {
		return upgrade.Change{Severity: upgrade.Warning, Kind: upgrade.BoundTightened, Version: "v1", Path: path, Message: "minimum 0 added"}
	}
	other := upgrade.Change{Severity: upgrade.Info, Kind: upgrade.FieldAdded, Version: "v1", Path: ".spec.b", Message: "new field"}
	got := collapseChanges([]upgrade.Change{bound(".spec.a.port"), other, bound(".spec.c.port"), bound(".spec.d.port"), bound(".spec.a.port")})
	want := []string{"warning: BoundTightened v1 .spec.a.port (and 2 more paths): minimum 0 added", "info: FieldAdded v1 .spec.b: new field"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
