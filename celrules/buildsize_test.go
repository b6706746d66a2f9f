package celrules

import (
	"context"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Messages kube-apiserver gives when a rule's evaluation runs out of cost.
const (
	perCallMessage = "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: "
	budgetMessage  = "validation failed due to running out of cost budget, no further validation rules will be run"
)

// builderSchema has unbounded strings and lists (no maxLength, no
// maxItems), as the CRD of the issue: its rules pass kube-apiserver's
// estimates because the functions that build strings are charged by their
// input, not by what they build.
const builderSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      s: {type: string}
      t: {type: string}
      l: {type: array, items: {type: string}}
      num: {type: integer}
    x-kubernetes-validations: %s
`

func builderValidator(t testing.TB, rules string) *Validator {
	t.Helper()
	return compileRoot(t, strings.Replace(builderSchema, "%s", rules, 1))
}

func specObject(spec map[string]any) map[string]any {
	return map[string]any{"spec": spec}
}

// TestReplaceAmplificationIsBounded reproduces issue 18's crash: replacing
// ” by s in s builds a string of about len(s)² characters, which upstream
// only charges by len(s); 100 KB asked for 10 GB. A small s passes, a 4 KB
// s (a 16 MB result, still affordable should the bound be missing) is
// refused as a call over its cost limit, and only then is a 2 MB s tried:
// refused at once, without building anything.
func TestReplaceAmplificationIsBounded(t *testing.T) {
	const rule = "self.s.replace('', self.s).size() > 0"
	v := builderValidator(t, `[{rule: "`+rule+`"}]`)
	if res := create(v, specObject(map[string]any{"s": "abc"})); len(res.Errors) > 0 {
		t.Fatalf("small object: %v", res.Errors)
	}
	want := []string{"spec: Invalid value: \"object\": " + perCallMessage + rule}
	res := create(v, specObject(map[string]any{"s": strings.Repeat("x", 4096)}))
	if got := messages(res.Errors); !equalStrings(got, want) || res.Budget >= 0 {
		t.Fatalf("4 KB: got %q (budget %d), want %q", got, res.Budget, want)
	}
	want = []string{"spec: Invalid value: \"object\": " + budgetMessage}
	huge := specObject(map[string]any{"s": strings.Repeat("x", 2<<20)})
	var got []string
	allocated, elapsed := measure(func() { got = messages(create(v, huge).Errors) })
	if !equalStrings(got, want) {
		t.Errorf("2 MB: got %q, want %q", got, want)
	}
	if allocated > 200<<20 || elapsed > 5*time.Second {
		t.Errorf("2 MB: %d MB allocated in %v; want < 200 MB, < 5s", allocated>>20, elapsed)
	}
	t.Logf("2 MB object: %d KB allocated, %v", allocated>>10, elapsed)
}

// measure runs f and returns the bytes it allocated and the time it took.
func measure(f func()) (uint64, time.Duration) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, elapsed
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBuiltResultsAreBounded: each function that builds strings or lists
// passes on ordinary values and, where a rule makes it build more than one
// evaluation may cost, stops the rules as upstream stops a call over its
// limit (or, with little budget left, as out of budget).
func TestBuiltResultsAreBounded(t *testing.T) {
	s4k, s10k, s1m := strings.Repeat("x", 4096), strings.Repeat("y", 10000), strings.Repeat("z", 1<<20)
	items := func(n int) []any { return repeatAny("a", n) }
	sixConcat := "(self.s + self.s + self.s + self.s + self.s + self.s).size() > 0"
	sortOf64 := "(" + strings.TrimSuffix(strings.Repeat("self.l + ", 64), " + ") + ").sort().size() > 0"
	tests := []struct {
		name, rule string
		spec       map[string]any
		budget     int64
		want       string // "" passes, else perCallMessage or budgetMessage
	}{
		{"replace", "self.s.replace('a', 'bc') == 'bcbc'", map[string]any{"s": "aa"}, 0, ""},
		{"replace amplified", "self.s.replace('', self.s).size() > 0", map[string]any{"s": s4k}, 0, perCallMessage},
		{"replace amplified, little budget left", "self.s.replace('', self.s).size() > 0", map[string]any{"s": strings.Repeat("x", 2000)}, 100000, budgetMessage},
		{"replace n times", "self.s.replace('', self.s, 10).size() > 0", map[string]any{"s": s4k}, 0, ""},
		{"replace n times amplified", "self.s.replace('', self.s, 5000).size() > 0", map[string]any{"s": s4k}, 0, perCallMessage},
		{"join", "self.l.join(',') == 'a,a'", map[string]any{"l": items(2)}, 0, ""},
		{"join amplified", "self.l.map(x, self.s).join('').size() > 0", map[string]any{"l": items(2000), "s": s10k}, 0, perCallMessage},
		{"format", "'%s-%d %.2f %x'.format([self.s, self.num, 1.5, self.s]) == 'ab-1 1.50 6162'", map[string]any{"s": "ab", "num": 1}, 0, ""},
		{"format amplified", "'%s'.format([self.l.map(x, self.s)]).size() > 0", map[string]any{"l": items(2000), "s": s10k}, 0, perCallMessage},
		{"format precision", "('%.' + string(self.num) + 'f').format([1.0]).size() > 0", map[string]any{"num": 20000000}, 0, perCallMessage},
		{"concatenation", sixConcat, map[string]any{"s": "ab"}, 0, ""},
		{"concatenation over the limit", sixConcat, map[string]any{"s": s1m}, 0, perCallMessage},
		{"concatenation over the budget", sixConcat, map[string]any{"s": s1m}, 300000, budgetMessage},
		{"lists.range", "lists.range(self.num).size() == 3", map[string]any{"num": 3}, 0, ""},
		{"flatten", "[[1], [2, 3]].flatten() == [1, 2, 3]", map[string]any{}, 0, ""},
		{"flatten amplified", "self.l.map(x, self.l).flatten().size() > 0", map[string]any{"l": items(1100)}, 0, perCallMessage},
		{"sort, distinct, reverse, slice", "self.l.sort().distinct().reverse().slice(0, 1) == ['a']", map[string]any{"l": items(3)}, 0, ""},
		{"sort of a concatenation", sortOf64, map[string]any{"l": items(20000)}, 0, budgetMessage},
		{"sort over the limit", "self.l.sort().size() > 0", map[string]any{"l": items(700)}, 0, perCallMessage},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := builderValidator(t, `[{rule: "`+tt.rule+`"}, {rule: "false", message: not reached when stopped}]`)
			budget := tt.budget
			if budget == 0 {
				budget = RuntimeCELCostBudget
			}
			res := v.Validate(context.Background(), nil, specObject(tt.spec), nil, EvalOptions{Budget: budget})
			checkBuilt(t, res, tt.rule, tt.want)
		})
	}
}

func checkBuilt(t *testing.T, res Result, rule, want string) {
	t.Helper()
	got := messages(res.Errors)
	switch want {
	case "":
		want = "spec: Invalid value: not reached when stopped"
	case perCallMessage:
		want = "spec: Invalid value: \"object\": " + perCallMessage + rule
	default:
		want = "spec: Invalid value: \"object\": " + want
	}
	if !equalStrings(got, []string{want}) {
		t.Errorf("got %q, want %q", got, want)
	}
	if stopped := strings.Contains(want, "no further"); stopped != (res.Budget < 0) {
		t.Errorf("budget left %d; stopped: %v", res.Budget, stopped)
	}
}

// TestBuiltMessageIsBounded: a messageExpression that builds too much is
// reported as upstream reports one over its call limit or the budget.
func TestBuiltMessageIsBounded(t *testing.T) {
	const msg = "self.s.replace('', self.s)"
	v := builderValidator(t, `[{rule: "self.s.size() == 0", messageExpression: "`+msg+`"}]`)
	obj := specObject(map[string]any{"s": strings.Repeat("x", 4096)})
	want := []string{`spec: Invalid value: "object": no further validation rules will be run due to call cost exceeds limit for messageExpression: "` + msg + `"`}
	if got := messages(create(v, obj).Errors); !equalStrings(got, want) {
		t.Errorf("per call: got %q, want %q", got, want)
	}
	res := v.Validate(context.Background(), nil, obj, nil, EvalOptions{Budget: 100000})
	want = []string{`spec: Invalid value: "object": messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run`}
	if got := messages(res.Errors); !equalStrings(got, want) {
		t.Errorf("budget: got %q, want %q", got, want)
	}
}

func repeatAny(s string, n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = s
	}
	return out
}
