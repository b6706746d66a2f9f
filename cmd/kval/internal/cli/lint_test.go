package cli

import (
	"bytes"
	"strings"
	"testing"
)

const (
	lintInput = "testdata/lint/input/"
	// lintCompared holds CRDs whose verdict conformance/crdvalidation
	// compares with kube-apiserver's, so that their golden files show upstream's.
	lintCompared = "testdata/lint/conformance/"
	// badDefaults is a CRD whose defaults kube-apiserver rejects for their values.
	badDefaults = lintCompared + "bad-defaults.yaml"
	// withWarnings is a valid CRD kube-apiserver warns about.
	withWarnings = lintCompared + "warnings.yaml"
)

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
		{golden: "lint/defaults", args: []string{"lint", badDefaults}},
		{golden: "lint/defaults-json", args: []string{"lint", "-o", "json", badDefaults}},
		{golden: "lint/warnings", args: []string{"lint", withWarnings}},
		{golden: "lint/warnings-json", args: []string{"lint", "-o", "json", withWarnings}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestCRDChecksGetTheFullVerdict: kval validate refuses a CRD an object
// needs for exactly the errors kval lint reports, value validation of
// defaults and CEL included, so neither runs with fewer stages than the
// other.
func TestCRDChecksGetTheFullVerdict(t *testing.T) {
	var lintOut, validateErr, discard bytes.Buffer
	Main([]string{"lint", badDefaults}, strings.NewReader(""), &lintOut, &discard)
	widget := "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, namespace: ns}\n"
	code := Main([]string{"validate", "--crd", badDefaults, "-"}, strings.NewReader(widget), &discard, &validateErr)
	if code != ExitBadInput {
		t.Errorf("kval validate with an invalid CRD: exit %d, want %d", code, ExitBadInput)
	}
	lintErrs, validateErrs := causes(lintOut.String()), causes(validateErr.String())
	if len(lintErrs) == 0 || strings.Join(lintErrs, "\n") != strings.Join(validateErrs, "\n") {
		t.Errorf("kval lint reports\n%s\nkval validate reports\n%s", strings.Join(lintErrs, "\n"), strings.Join(validateErrs, "\n"))
	}
	for _, want := range []string{
		"properties.since.default: Invalid value: \"int64\":  in body must be of type date-time", // value validation as for defaults
		"properties.replicas.default: Invalid value: 0: must be positive",                        // CEL on defaults
	} {
		if !strings.Contains(lintOut.String(), want) {
			t.Errorf("kval lint does not report %q", want)
		}
	}
}

// causes returns the "* field: detail" lines of kubectl-style output.
func causes(out string) []string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "* ") {
			lines = append(lines, line)
		}
	}
	return lines
}
