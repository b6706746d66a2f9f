package cli

import "testing"

const upgradeInput = "testdata/lint/upgrade/"

func TestLintUpgradeGolden(t *testing.T) {
	cases := []cliCase{
		{golden: "lint/upgrade-safe", args: []string{"lint", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-safe-json", args: []string{"lint", "-o", "json", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-breaking", args: []string{"lint", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "breaking.yaml"}},
		{golden: "lint/upgrade-namespace", args: []string{"lint", "-n", "shop", "--old", upgradeInput + "old.yaml", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-same", args: []string{"lint", "--old", upgradeInput + "old.yaml", upgradeInput + "old.yaml"}},
		{golden: "lint/upgrade-objects-without-old", args: []string{"lint", "--objects", upgradeInput + "objects", upgradeInput + "safe.yaml"}},
		{golden: "lint/upgrade-missing-old", args: []string{"lint", "--old", upgradeInput + "missing.yaml", upgradeInput + "safe.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
