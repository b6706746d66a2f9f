package celrules

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/cel-go/cel"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/schema"
)

// TestCompileExprAsEnvCompile: an expression compiled with its parse taken
// from the cache is what env.Compile makes of it, the first time and the
// next (the checker rewrites the expression it checks, here the
// namespaced call sets.contains and optional.of, so a cached parse must
// not be the one checked), and a failed parse or check fails with the
// same issues.
func TestCompileExprAsEnvCompile(t *testing.T) {
	for _, which := range []Environment{NewExpressions, StoredExpressions} {
		env := baseEnvSet().NewExpressionsEnv()
		if which == StoredExpressions {
			env = baseEnvSet().StoredExpressionsEnv()
		}
		for _, text := range []string{
			"sets.contains([1, 2], [1])",
			"optional.of(1).hasValue() && [1, 2].all(x, x > 0)",
			"[1, 2].exists_one(x, x == 2) ? 'a' : 'b'",
			"1 +",
			"undeclared + 1",
			"1 + 'a'",
		} {
			want, wantIssues := env.Compile(text)
			for range 2 {
				got, gotIssues := compileExpr(env, which, text)
				if issuesText(gotIssues) != issuesText(wantIssues) {
					t.Fatalf("%q: issues %q, env.Compile's %q", text, issuesText(gotIssues), issuesText(wantIssues))
				}
				if astText(t, got) != astText(t, want) {
					t.Errorf("%q: compiled to %s, env.Compile to %s", text, astText(t, got), astText(t, want))
				}
			}
		}
	}
}

func issuesText(i *cel.Issues) string {
	if i == nil {
		return ""
	}
	return i.String()
}

// astText renders a checked expression with its type, the references of
// its calls and identifiers, and its positions.
func astText(t *testing.T, a *cel.Ast) string {
	if a == nil {
		return "<nil>"
	}
	checked, err := cel.AstToCheckedExpr(a)
	if err != nil {
		t.Fatal(err)
	}
	return checked.String()
}

// TestCompileExprConcurrently: catalogs compile CRDs on several goroutines
// at once, and the same rule may be checked by two at the same time; each
// must check its own copy of the parse (go test -race finds a shared one).
func TestCompileExprConcurrently(t *testing.T) {
	env := baseEnvSet().StoredExpressionsEnv()
	const text = "sets.contains([1, 2], [1]) && optional.of(1).hasValue()"
	done := make(chan *cel.Ast)
	for range 4 {
		go func() {
			a, _ := compileExpr(env, StoredExpressions, text)
			done <- a
		}()
	}
	for range 4 {
		if a := <-done; a == nil || a.OutputType() != cel.BoolType {
			t.Errorf("%q did not compile to a bool", text)
		}
	}
}

// TestBaseEnvironmentsParseAlike: kube-apiserver's two base environments
// of the pinned k8s.io/apiserver configure their parsers alike, so one
// parse serves both (sameParser), and they parse every rule of the
// Gateway API corpus's CRDs to the same expression.
func TestBaseEnvironmentsParseAlike(t *testing.T) {
	if !sameParser() {
		t.Fatal("the base environments' parsers differ: each parses its own expressions (slower, still right)")
	}
	newEnv, stored := baseEnvSet().NewExpressionsEnv(), baseEnvSet().StoredExpressionsEnv()
	rules := corpusRules(t)
	for _, text := range rules {
		a, aIssues := newEnv.Parse(text)
		b, bIssues := stored.Parse(text)
		if issuesText(aIssues) != issuesText(bIssues) {
			t.Fatalf("%q: issues %q and %q", text, issuesText(aIssues), issuesText(bIssues))
		}
		if parsedText(t, a) != parsedText(t, b) {
			t.Errorf("%q parses differently", text)
		}
	}
	if len(rules) < 100 {
		t.Errorf("only %d rules in the corpus", len(rules))
	}
}

func parsedText(t *testing.T, a *cel.Ast) string {
	if a == nil {
		return "<nil>"
	}
	p, err := cel.AstToParsedExpr(a)
	if err != nil {
		t.Fatal(err)
	}
	return p.String()
}

// corpusRules are the rules and messageExpressions of the Gateway API
// CRDs of the corpus (experimental channel), each once.
func corpusRules(t *testing.T) []string {
	dir, err := corpus.Path("gateway-api", "crds-experimental")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	seen := map[string]bool{}
	var out []string
	var walk func(s *schema.Schema)
	walk = func(s *schema.Schema) {
		if s == nil {
			return
		}
		for _, r := range s.Validations {
			for _, text := range []string{r.Rule, r.MessageExpression} {
				if text != "" && !seen[text] {
					seen[text] = true
					out = append(out, text)
				}
			}
		}
		walk(s.Items)
		walk(s.AdditionalPropertiesSchema())
		for _, p := range s.Properties {
			walk(p)
		}
	}
	for _, crd := range schema.LoadFiles(files).CRDs {
		for _, v := range crd.Spec.Versions {
			walk(crd.VersionSchema(v.Name))
		}
	}
	return out
}

// TestConcurrentCallersShareOneParse: callers that ask for the same
// expression at once (kval validate lints a CRD while it compiles the
// validator, on the same rules) wait for one parse instead of each
// making its own.
func TestConcurrentCallersShareOneParse(t *testing.T) {
	env := baseEnvSet().NewExpressionsEnv()
	text := "[1, 2, 3].all(x, x > 0) && 'TestConcurrentCallersShareOneParse'.size() > 0 && " +
		"[4, 5].exists(y, [6, 7].all(z, z > y)) ? 'a' : 'b'"
	const callers = 16
	start := make(chan struct{})
	got := make(chan *parsedExpr, callers)
	for range callers {
		go func() {
			<-start
			got <- cachedParse(env, NewExpressions, text)
		}()
	}
	close(start)
	first := <-got
	for range callers - 1 {
		if p := <-got; p != first {
			t.Fatalf("two parses of one expression made at once")
		}
	}
}

// TestLongExpressionsAreNotKept: an expression over maxCachedText compiles
// as env.Compile does, and its parse is not kept.
func TestLongExpressionsAreNotKept(t *testing.T) {
	env := baseEnvSet().NewExpressionsEnv()
	text := "1 == 1" + strings.Repeat(" && 1 == 1", maxCachedText/10)
	want, wantIssues := env.Compile(text)
	got, gotIssues := compileExpr(env, NewExpressions, text)
	if issuesText(gotIssues) != issuesText(wantIssues) || astText(t, got) != astText(t, want) {
		t.Fatalf("compiled to %s (%q), env.Compile to %s (%q)", astText(t, got), issuesText(gotIssues), astText(t, want), issuesText(wantIssues))
	}
	if parses.Has(parseKey{which: NewExpressions, text: text}) {
		t.Errorf("the parse of %d bytes was kept", len(text))
	}
}
