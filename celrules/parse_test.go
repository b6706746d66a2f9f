package celrules

import (
	"testing"

	"github.com/google/cel-go/cel"
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
