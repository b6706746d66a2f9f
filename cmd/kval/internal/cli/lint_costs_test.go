package cli

import "testing"

// celInput holds CRDs with CEL rules, apart from lint's other inputs.
const celInput = "testdata/lint/cel-input/"

func TestLintCELGolden(t *testing.T) {
	cases := []cliCase{
		{golden: "lint/cel", args: []string{"lint", celInput + "cel.yaml"}},
		{golden: "lint/cel-json", args: []string{"lint", "-o", "json", celInput + "cel.yaml"}},
		{golden: "lint/cel-costs", args: []string{"lint", "--cel-costs", celInput + "cel-valid.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
