package play

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile("../" + path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func evaluate(t *testing.T, in Input) *Output {
	t.Helper()
	return New().Evaluate(context.Background(), in)
}

func inspect(t *testing.T, crd string) *Report {
	t.Helper()
	return New().Inspect(context.Background(), crd)
}

func TestAnUpdateTheExtensionsRejectIsInKubectlsWordsWithLines(t *testing.T) {
	out := evaluate(t, exampleInput(t, Gallery[0]))
	want := `The Database "ledger" is invalid: 
* spec.engine: Forbidden: field is immutable
* spec.migrations[2]: Forbidden: items may only be added
* spec.migrations[1]: Forbidden: item is immutable
* spec.primaryZone: Forbidden: field may not be removed, only added`
	if out.Verdict != Invalid || out.Operation != "update" || out.Message != want {
		t.Fatalf("verdict %s %s, message:\n%s\nwant:\n%s", out.Verdict, out.Operation, out.Message, want)
	}
	// examples/objects/ledger.yaml: engine on line 10, migrations on line 12.
	lines := map[string]int{}
	for _, e := range out.Errors {
		lines[e.Field] = e.Line
	}
	if lines["spec.engine"] != 10 || lines["spec.migrations[1]"] != 12 || out.Errors[0].Message != "spec.engine: Forbidden: field is immutable" {
		t.Errorf("errors %+v", out.Errors)
	}
}

func TestAnUnchangedObjectIsValid(t *testing.T) {
	old := readFile(t, "examples/current/ledger.yaml")
	out := evaluate(t, Input{CRD: readFile(t, "examples/crd.yaml"), Old: old, New: old})
	if out.Verdict != Valid || out.Message != "database.example.kval.dev/ledger unchanged" || len(out.Errors) != 0 {
		t.Fatalf("%s %q %+v %+v", out.Verdict, out.Message, out.Errors, out.Problems)
	}
}

func TestACreateWithoutAnOldObject(t *testing.T) {
	out := evaluate(t, Input{CRD: readFile(t, "examples/crd.yaml"), Old: "  \n", New: readFile(t, "examples/objects/analytics.yaml")})
	if out.Verdict != Valid || out.Operation != "create" || out.Message != "database.example.kval.dev/analytics created" {
		t.Fatalf("%s %s %q %+v", out.Verdict, out.Operation, out.Message, out.Problems)
	}
}

func TestTheReturnedObjectIsADiffOfPrunedAndDefaultedFields(t *testing.T) {
	ex := Gallery[1] // orders: unknown fields, defaults
	out := evaluate(t, exampleInput(t, ex))
	if out.Verdict != Valid || out.Message != "database.example.kval.dev/orders configured" || len(out.Pruned) == 0 {
		t.Fatalf("%s %q pruned %q", out.Verdict, out.Message, out.Pruned)
	}
	removed, added := map[string]bool{}, map[string]bool{}
	for _, d := range out.Diff {
		switch d.Op {
		case "-":
			removed[strings.TrimSpace(d.Text)] = true
		case "+":
			added[strings.TrimSpace(d.Text)] = true
		}
	}
	for _, p := range out.Pruned {
		leaf := p[strings.LastIndex(p, ".")+1:]
		found := false
		for line := range removed {
			found = found || strings.HasPrefix(line, leaf+":")
		}
		if !found {
			t.Errorf("pruned %s is not a removed line of the diff %v", p, removed)
		}
		if !contains(out.Warnings, `unknown field "`+p+`"`) {
			t.Errorf("no warning for pruned %s: %q", p, out.Warnings)
		}
	}
	if len(added) == 0 || strings.Contains(out.Object, "tier:") {
		t.Errorf("added %v; object:\n%s", added, out.Object)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

const ratchetCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.kval.dev}
spec:
  group: example.kval.dev
  names: {kind: Widget, listKind: WidgetList, plural: widgets, singular: widget}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              name: {type: string, maxLength: 5}
              size: {type: integer}
`

const ratchetOld = `apiVersion: example.kval.dev/v1
kind: Widget
metadata: {name: w, namespace: default}
spec: {name: much-too-long, size: 1}
`

func TestARatchetedUpdateIsValidWithAWarning(t *testing.T) {
	newer := strings.Replace(ratchetOld, "size: 1", "size: 2", 1)
	out := evaluate(t, Input{CRD: ratchetCRD, Old: ratchetOld, New: newer})
	want := `spec.name: Too long: may not be more than 5 bytes (ratcheted: unchanged from the old object)`
	if out.Verdict != Valid || !contains(out.Warnings, want) {
		t.Fatalf("%s %q warnings %q", out.Verdict, out.Message, out.Warnings)
	}
	out = evaluate(t, Input{CRD: ratchetCRD, New: newer})
	if out.Verdict != Invalid || out.Errors[0].Field != "spec.name" || out.Errors[0].Line != 4 {
		t.Fatalf("create: %s %+v", out.Verdict, out.Errors)
	}
}

func TestUnusableInputsAreProblemsWithTheirLines(t *testing.T) {
	crd := readFile(t, "examples/crd.yaml")
	obj := readFile(t, "examples/objects/analytics.yaml")
	for name, tc := range map[string]struct {
		in         Input
		input      string
		line       int
		contains   string
		lintErrors bool
	}{
		"bad YAML":       {Input{CRD: crd, New: "a: b\nc: [d\n"}, inputNew, 0, "new", false},
		"no object":      {Input{CRD: crd, New: "# nothing\n"}, inputNew, 0, "no object", false},
		"two objects":    {Input{CRD: crd, New: obj + "\n---\n" + obj}, inputNew, 0, "2 objects", false},
		"no CRD":         {Input{CRD: "", New: obj}, inputCRD, 0, "no CustomResourceDefinition", false},
		"not a CRD":      {Input{CRD: obj, New: obj}, inputCRD, 0, "not a CustomResourceDefinition", false},
		"other object":   {Input{CRD: crd, Old: strings.Replace(obj, "name: analytics", "name: other", 1), New: obj}, inputOld, 0, "an update keeps", false},
		"unknown kind":   {Input{CRD: crd, New: strings.Replace(obj, "kind: Database", "kind: Table", 1)}, inputNew, 0, "no matches for kind", false},
		"an invalid CRD": {Input{CRD: strings.Replace(crd, "scope: Namespaced", "scope: Everywhere", 1), New: obj}, inputCRD, 0, "is invalid", true},
	} {
		t.Run(name, func(t *testing.T) {
			out := evaluate(t, tc.in)
			if out.Verdict != Unusable || len(out.Problems) == 0 {
				t.Fatalf("%s %+v", out.Verdict, out.Problems)
			}
			p := out.Problems[len(out.Problems)-1]
			if p.Input != tc.input || !strings.Contains(p.Message, tc.contains) {
				t.Errorf("problem %+v, want input %s containing %q", p, tc.input, tc.contains)
			}
			if r := inspect(t, tc.in.CRD); tc.lintErrors && (r.Lint.Valid || r.Lint.Errors[0].Field != "spec.scope" || r.Lint.Errors[0].Line != 16) {
				t.Errorf("lint %+v", r.Lint)
			}
		})
	}
}

func TestRulesAreListedWithCostsAsLintListsThem(t *testing.T) {
	out := inspect(t, readFile(t, "examples/crd.yaml"))
	if len(out.Rules) == 0 {
		t.Fatal("no rules")
	}
	for i, r := range out.Rules {
		if r.Limit == 0 || r.Line == 0 || !strings.Contains(r.Field, "x-kubernetes-validations[") || i > 0 && r.Cost > out.Rules[i-1].Cost {
			t.Errorf("rule %d %+v", i, r)
		}
	}
}

func TestAnExpensiveRuleGetsItsFixHint(t *testing.T) {
	crd := strings.Replace(ratchetCRD, "size: {type: integer}", `tags:
                type: array
                items: {type: string}
                x-kubernetes-validations:
                - rule: self.all(x, self.all(y, x == y || x != y))`, 1)
	r := inspect(t, crd)
	if len(r.Rules) != 1 || !r.Rules[0].OverLimit || !strings.HasPrefix(r.Rules[0].Hint, "under the limit with maxItems: ") {
		t.Fatalf("rules %+v", r.Rules)
	}
	if out := evaluate(t, Input{CRD: crd, New: ratchetOld}); r.Lint.Valid || out.Verdict != Unusable ||
		!strings.Contains(out.Problems[0].Message, `CustomResourceDefinition.apiextensions.k8s.io "widgets.example.kval.dev" is invalid`) {
		t.Errorf("a CRD over the cost limit is invalid: %+v %+v", r.Lint, out.Problems)
	}
}

func TestLowerRewritesTheExtensions(t *testing.T) {
	out := inspect(t, readFile(t, "examples/crd.yaml"))
	if out.Lower.Error != "" || out.Lower.Lowered == 0 || out.Lower.Rules == 0 ||
		strings.Contains(out.Lower.CRD, "x-kubernetes-mutability") || !strings.Contains(out.Lower.CRD, "oldSelf") {
		t.Fatalf("%+v", out.Lower)
	}
}

func TestTheCRDIsCompiledOncePerText(t *testing.T) {
	p := New()
	in := exampleInput(t, Gallery[0])
	p.Evaluate(context.Background(), in)
	st := p.crd
	in.New = strings.Replace(in.New, "mysql", "postgres", 1)
	if out := p.Evaluate(context.Background(), in); p.crd != st || out.Verdict != Invalid {
		t.Fatalf("the CRD state was rebuilt, or %s", out.Verdict)
	}
	in.CRD += "\n"
	if p.Evaluate(context.Background(), in); p.crd == st {
		t.Fatal("a new CRD text kept the old state")
	}
}

// TestTheJSONIsThePagesContract pins the names play.js reads.
func TestTheJSONIsThePagesContract(t *testing.T) {
	data, err := json.Marshal(evaluate(t, exampleInput(t, Gallery[0])))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"verdict", "operation", "message", "errors", "problems", "pruned", "warnings", "object", "diff", "timings"} {
		if _, ok := m[key]; !ok {
			t.Errorf("no %q in %s", key, data)
		}
	}
	report, err := json.Marshal(inspect(t, readFile(t, "examples/crd.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"rules":[{"field":`, `"lint":{"valid":true,"errors":[],"warnings":[]}`, `"lower":{"crd":`, `"unlowered":[]`, `"timings":{"lint":`} {
		if !strings.Contains(string(report), key) {
			t.Errorf("no %s in %.300s", key, report)
		}
	}
	e := m["errors"].([]any)[0].(map[string]any)
	for _, key := range []string{"input", "field", "type", "message", "line"} {
		if _, ok := e[key]; !ok {
			t.Errorf("no %q in an error: %v", key, e)
		}
	}
}

func TestDiffLines(t *testing.T) {
	got := diffLines([]string{"a", "b", "c"}, []string{"a", "c", "d"})
	want := []DiffLine{{" ", "a"}, {"-", "b"}, {" ", "c"}, {"+", "d"}}
	if len(got) != len(want) {
		t.Fatalf("%v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%v, want %v", got, want)
		}
	}
}
