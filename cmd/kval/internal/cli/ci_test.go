package cli

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"strings"
	"testing"
)

// TestValidateCIGolden covers the outputs CI systems read, on the
// examples (a valid create, an invalid create, an update the mutability
// extensions reject, a valid update with unknown fields, a CEL rule) and
// a file with documents that do not parse.
func TestValidateCIGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	inputs := []string{"--old", "../../../../examples/current", "../../../../examples/objects", "testdata/validate/broken.yaml"}
	var cases []cliCase
	for _, f := range validateFormats {
		if f.name == "json" || f.name == "yaml" {
			continue // validate/examples-json and -yaml
		}
		cases = append(cases, cliCase{golden: "validate/ci-" + f.name, args: append([]string{"validate", "--crd", crd, "--field-validation", "Warn", "-o", f.name}, inputs...)})
	}
	orders := "../../../../examples/objects/orders.yaml"
	cases = append(cases,
		// kube-apiserver's errors and kval's own, marked, in one run, in every format.
		cliCase{golden: "validate/one-round-text", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "text", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-json", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "json", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-junit", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "junit", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-sarif", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "sarif", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-github", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "github", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-tap", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "tap", "testdata/validate/one-round.yaml"}},
		cliCase{golden: "validate/one-round-strict-text", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "text", "testdata/validate/one-round-strict.yaml"}},
		cliCase{golden: "validate/one-round-strict-json", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "json", "testdata/validate/one-round-strict.yaml"}},
		cliCase{golden: "validate/one-round-strict-junit", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "junit", "testdata/validate/one-round-strict.yaml"}},
		cliCase{golden: "validate/one-round-strict-github", args: []string{"validate", "--crd", crd, "--old", "../../../../examples/current", "-o", "github", "testdata/validate/one-round-strict.yaml"}},
		cliCase{golden: "validate/unparseable", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "testdata/validate/broken.yaml", "../../../../examples/objects/inventory.yaml"}},
		cliCase{golden: "validate/unparseable-json", args: []string{"validate", "--crd", crd, "-o", "json", "testdata/validate/broken.yaml"}},
		cliCase{golden: "validate/field-validation-strict", args: []string{"validate", "--crd", crd, "--field-validation", "Strict", orders}},
		// Strict is the default, as kubectl apply's --validate.
		cliCase{golden: "validate/field-validation-default", args: []string{"validate", "--crd", crd, orders}},
		cliCase{golden: "validate/field-validation-ignore", args: []string{"validate", "--crd", crd, "--field-validation", "ignore", orders}},
		cliCase{golden: "validate/fail-on-warning", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--fail-on", "warning", orders, "../../../../examples/objects/analytics.yaml"}},
		cliCase{golden: "validate/fail-on-warning-junit", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--fail-on", "warning", "-o", "junit", orders}},
		cliCase{golden: "validate/bad-output", args: []string{"validate", "--crd", crd, "-o", "xml", orders}},
		cliCase{golden: "validate/bad-field-validation", args: []string{"validate", "--crd", crd, "--field-validation", "Lax", orders}},
		cliCase{golden: "validate/bad-fail-on", args: []string{"validate", "--crd", crd, "--fail-on", "info", orders}},
		cliCase{golden: "validate/not-objects", args: []string{"validate", "testdata/validate/not-objects.yaml"}},
		cliCase{golden: "validate/not-objects-ignored", args: []string{"validate", "--ignore-missing-schemas", "testdata/validate/not-objects.yaml"}},
		cliCase{golden: "validate/broken-crd-unused", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--crd", "testdata/validate/broken-crd", orders}},
		cliCase{golden: "validate/broken-crd-used", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, "--crd", "testdata/validate/broken-crd", orders, "testdata/validate/gadget.yaml"}},
		// A version the CRD does not serve fails its object alone, as kubectl's "no matches for kind".
		cliCase{golden: "validate/unserved-version", args: []string{"validate", "--crd", "../../../../testdata/corpus/gateway-api/crds-standard/gateway.networking.k8s.io_tlsroutes.yaml",
			"../../../../testdata/corpus/gateway-api/examples/experimental/v1alpha2/tls-routing/tls-route.yaml", "../../../../testdata/corpus/gateway-api/examples/standard/tls-routing/tls-route.yaml"}},
		cliCase{golden: "validate/helm-template", args: []string{"validate", "--crd", crd, "-n", "shop", "-"}, stdin: readTestFile(t, "testdata/validate/helm-template.yaml")},
		// kustomize build's output: keys sorted, no comments, Namespace first, a generated ConfigMap's hash suffix.
		cliCase{golden: "validate/kustomize-build", args: []string{"validate", "--crd", crd, "-"}, stdin: readTestFile(t, "testdata/validate/kustomize-build.yaml")},
	)
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

func readTestFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSARIFReadsBack: the SARIF output is one JSON document whose every
// result names a rule the tool lists and a line of a file.
func TestSARIFReadsBack(t *testing.T) {
	code, stdout, stderr := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "--field-validation", "Warn", "--old", "../../../../examples/current", "-o", "sarif", "../../../../examples/objects", "testdata/validate/broken.yaml")
	if code != ExitInvalid {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var log struct {
		Version string
		Runs    []struct {
			Tool    struct{ Driver struct{ Rules []sarifRule } }
			Results []sarifResult
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("%v: %s", err, stdout)
	}
	rules := map[string]bool{}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		rules[r.ID] = true
	}
	// 6 + 4 + 1 field errors, 5 unknown fields, 2 documents that do not parse.
	if n := len(log.Runs[0].Results); n != 18 {
		t.Errorf("%d results, want 18", n)
	}
	for _, res := range log.Runs[0].Results {
		if !rules[res.RuleID] || len(res.Locations) != 1 || res.Locations[0].PhysicalLocation.Region.StartLine < 1 {
			t.Errorf("result %+v", res)
		}
	}
}

// TestJUnitReadsBack: the JUnit output is well-formed XML whose suites
// count their cases.
func TestJUnitReadsBack(t *testing.T) {
	_, stdout, _ := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "-o", "junit", "../../../../examples/objects", "testdata/validate/broken.yaml")
	var doc struct {
		Suites []junitSuite `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(stdout), &doc); err != nil || len(doc.Suites) != 6 {
		t.Fatalf("%v, %d suites: %s", err, len(doc.Suites), stdout)
	}
	for _, s := range doc.Suites {
		if s.Tests != len(s.Cases) {
			t.Errorf("suite %s: tests=%d, %d cases", s.Name, s.Tests, len(s.Cases))
		}
	}
}

func TestGitHubEscapesCommands(t *testing.T) {
	r := &objectResult{File: "a,b:c.yaml", Line: 3, Kind: "Database", Name: "x", Rejected: "bad\n100%", verdict: verdictInvalid}
	got := githubCommands(r)
	// The rejection is the object's words, its line breaks shown as \n
	// (printable) in every format; GitHub's own escapes take the rest.
	want := `::error file=a%2Cb%3Ac.yaml,line=3,title=kval%3A Database "x"::Database "x": bad\n100%25`
	if len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestStrictRejectionLines: under strict field validation each unknown
// field is reported at its own line, in every format that has lines.
func TestStrictRejectionLines(t *testing.T) {
	orders := "../../../../examples/objects/orders.yaml" // unknown fields at lines 11, 15, 23, 32
	want := map[string][]string{
		"text":   {"orders.yaml:11: Database \"orders\": strict decoding error"},
		"github": {"line=11,", "line=15,", "line=23,", "line=32,"},
		"sarif":  {`"startLine": 11`, `"startLine": 15`, `"startLine": 23`, `"startLine": 32`},
		"junit":  {`line="11"`},
		"json":   {`"rejectedLine": 11`},
	}
	for format, wants := range want {
		_, stdout, stderr := runKval(t, "", "validate", "--crd", "../../../../examples/crd.yaml", "-o", format, orders)
		for _, w := range wants {
			if !strings.Contains(stdout, w) {
				t.Errorf("-o %s: no %q in\n%s%s", format, w, stdout, stderr)
			}
		}
	}
}
