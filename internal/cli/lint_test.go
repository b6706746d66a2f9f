package cli

import "testing"

const lintInput = "testdata/lint/input/"

func TestLintGolden(t *testing.T) {
	cases := []cliCase{
		{golden: "lint/valid", args: []string{"lint", lintInput + "valid.yaml"}},
		{golden: "lint/one-error", args: []string{"lint", lintInput + "one-error.yaml"}},
		{golden: "lint/many", args: []string{"lint", lintInput + "many.yaml"}},
		{golden: "lint/many-json", args: []string{"lint", "-o", "json", lintInput + "many.yaml"}},
		{golden: "lint/unknown-field", args: []string{"lint", lintInput + "unknown-field.yaml"}},
		{golden: "lint/schema", args: []string{"lint", lintInput + "schema.yaml"}},
		{golden: "lint/every-file", args: []string{"lint", lintInput + "one-error.yaml", lintInput + "broken.yaml", lintInput + "valid.yaml"}},
		{golden: "lint/directory", args: []string{"lint", "-o", "yaml", lintInput}},
		{golden: "lint/no-crd", args: []string{"lint", lintInput + "no-crd.yaml"}},
		{golden: "lint/missing-file", args: []string{"lint", lintInput + "missing.yaml"}},
		{golden: "lint/bad-output", args: []string{"lint", "-o", "xml", lintInput + "valid.yaml"}},
		{golden: "lint/no-args", args: []string{"lint"}},
		{golden: "lint/stdin", args: []string{"lint", "-"}, stdin: "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x.example.com}\nspec: {group: example.com}\n"},
		{golden: "lint/stdin-empty", args: []string{"lint", "-"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
