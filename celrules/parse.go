package celrules

import (
	"slices"
	"sync"

	"github.com/google/cel-go/cel"

	"github.com/kval-dev/kval/internal/memo"
)

// A CRD's rules are parsed more than once: kval lint compiles every
// served version's, and a validator the rules of its version again; the
// versions of a CRD mostly repeat the same rules, and so do nodes of the
// same shape. Parsing (cel-go's ANTLR parser) was the largest part of
// compiling them: a third of a one-file `kval validate` (issue 30). So
// each expression is parsed once per environment kind and checked, as
// before, in the environment of its node.
//
// The parse of an expression depends only on the parser's options: the
// macros and the syntax the environment enables, and its size limits.
// Every node's environment extends one of kube-apiserver's two base
// environments (baseEnvSet) with variables alone, so the parse is a
// function of (Environment, text), and the cache is keyed by both; by
// the text alone when the two base environments parse alike
// (sameParser), as they do today: they differ only in the version of
// the kubernetes.lists library, whose versions differ in functions. The
// checker rewrites the expression it checks in place, so a cached parse
// is kept as its protobuf form, which makes a fresh expression on each
// use; the source (text and line offsets) is shared, read-only.
var parses = memo.New[parseKey, *parsedExpr](maxParses, func(k parseKey) bool { return len(k.text) <= maxCachedText })

// maxParses and maxCachedText bound the cache: a long-running `kval
// serve` that reloads changing CRDs must not keep every expression it
// ever saw, nor the parse of an expression of megabytes.
const (
	maxParses     = 1 << 14
	maxCachedText = 16 << 10
)

type parseKey struct {
	which Environment
	text  string
}

// parsedExpr is the parse of one expression: fresh makes a new copy of
// it, unless issues made the parse fail.
type parsedExpr struct {
	fresh  func() *cel.Ast
	issues *cel.Issues
}

// compileExpr is env.Compile(text) with the parse taken from the cache:
// env must extend the base environment of kind which.
func compileExpr(env *cel.Env, which Environment, text string) (*cel.Ast, *cel.Issues) {
	p := cachedParse(env, which, text)
	if p.issues != nil {
		return nil, p.issues
	}
	checked, issues := env.Check(p.fresh())
	if issues.Err() != nil {
		return nil, issues
	}
	return checked, issues
}

// cachedParse returns the cached parse of text, parsing it in env on a
// miss. Concurrent callers of one text wait for the one parse: a run's
// lint of a CRD and the compilation of its validator go on at once, on
// the same rules, and each parsed all of them (a twelfth of a one-file
// `kval validate`).
func cachedParse(env *cel.Env, which Environment, text string) *parsedExpr {
	if sameParser() {
		which = NewExpressions
	}
	return parses.Get(parseKey{which: which, text: text}, func(parseKey) *parsedExpr { return parseNow(env, text) })
}

func parseNow(env *cel.Env, text string) *parsedExpr {
	ast, issues := env.Parse(text)
	if issues.Err() != nil {
		return &parsedExpr{issues: issues}
	}
	expr, err := cel.AstToParsedExpr(ast)
	if err != nil {
		return &parsedExpr{issues: cel.ErrorAsIssues(err)}
	}
	source := ast.Source()
	return &parsedExpr{fresh: func() *cel.Ast { return cel.ParsedExprToAstWithSource(expr, source) }}
}

// sameParser reports whether kube-apiserver's two base environments
// configure their parsers alike: the same macros, the same features (the
// parser's syntax options among them) and the same libraries (the
// optional types' syntax comes with its library). Otherwise each parses
// its own expressions.
var sameParser = sync.OnceValue(func() bool {
	newEnv, stored := baseEnvSet().NewExpressionsEnv(), baseEnvSet().StoredExpressionsEnv()
	return sameMacros(newEnv, stored) && sameFeatures(newEnv, stored) && sameLibraries(newEnv, stored)
})

func sameMacros(a, b *cel.Env) bool {
	keys := func(e *cel.Env) []string {
		var out []string
		for _, m := range e.Macros() {
			out = append(out, m.MacroKey())
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(keys(a), keys(b))
}

// maxFeature is above the flags cel-go defines (its features are small
// integers, not exported).
const maxFeature = 64

func sameFeatures(a, b *cel.Env) bool {
	for flag := range maxFeature {
		if a.HasFeature(flag) != b.HasFeature(flag) {
			return false
		}
	}
	return true
}

func sameLibraries(a, b *cel.Env) bool {
	la, lb := a.Libraries(), b.Libraries()
	slices.Sort(la)
	slices.Sort(lb)
	return slices.Equal(la, lb)
}
