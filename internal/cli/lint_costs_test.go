package cli

import "testing"

func TestLintCELGolden(t *testing.T) {
	cases := []cliCase{
		{golden: "lint/cel", args: []string{"lint", lintInput + "cel.yaml"}},
		{golden: "lint/cel-json", args: []string{"lint", "-o", "json", lintInput + "cel.yaml"}},
		{golden: "lint/cel-costs", args: []string{"lint", "--cel-costs", lintInput + "cel-valid.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
