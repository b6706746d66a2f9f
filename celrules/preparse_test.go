package celrules

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kval-dev/kval/internal/memo"
)

// TestPreparseFillsTheCache: every text Preparse is given is parsed into
// the cache, and a rule compiled afterwards gives what a parse of its own
// gives.
func TestPreparseFillsTheCache(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	texts := make([]string, 20)
	for i := range texts {
		texts[i] = fmt.Sprintf("[%d, 1].all(x, x > 0) && 'preparse-%d'.startsWith('pre')", i, i)
	}
	preparse(texts).Wait()
	for _, text := range texts {
		if !parses.Has(parseKey{which: NewExpressions, text: text}) {
			t.Errorf("%q not parsed", text)
		}
	}
	env := baseEnvSet().NewExpressionsEnv()
	for _, text := range []string{texts[3], texts[17]} {
		cached, issues := compileExpr(env, NewExpressions, text)
		own, ownIssues := env.Compile(text)
		if issues.Err() != nil || ownIssues.Err() != nil {
			t.Fatalf("%s: %v / %v", text, issues.Err(), ownIssues.Err())
		}
		if cached.OutputType() != own.OutputType() {
			t.Errorf("%s: cached parse gives %v, own parse %v", text, cached.OutputType(), own.OutputType())
		}
	}
}

// TestPreparseWithOneCPUDoesNothing: with one CPU the parsing stays with
// the goroutines that need it.
func TestPreparseWithOneCPUDoesNothing(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	text := "self == 'preparse-one-cpu'"
	preparse([]string{text, text + " || true"}).Wait()
	if parses.Has(parseKey{which: NewExpressions, text: text}) {
		t.Error("parsed with one CPU")
	}
}

// TestPreparseOutlivesAPanic: a parse that panics on Preparse's goroutine
// does not end the process, and the other texts are still parsed, but for
// one too long for the cache to keep.
func TestPreparseOutlivesAPanic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	parse := parseIntoCache
	defer func() { parseIntoCache = parse }()
	var mu sync.Mutex
	parsed := 0
	parseIntoCache = func(text string) {
		if text == "boom" {
			panic("a parser bug")
		}
		mu.Lock()
		parsed++
		mu.Unlock()
		parse(text)
	}
	long := "'" + strings.Repeat("x", maxCachedText) + "' == 'x'"
	texts := []string{"'preparse-before' == 'x'", "boom", long, "'preparse-after' == 'x'"}
	preparse(texts).Wait()
	for _, text := range []string{texts[0], texts[3]} {
		if !parses.Has(parseKey{which: NewExpressions, text: text}) {
			t.Errorf("%q not parsed", text)
		}
	}
	if parsed != 2 {
		t.Errorf("%d texts parsed, want the two the cache keeps", parsed)
	}
}

// TestPreparseStopsAtTheCachesRoom: what the cache has no room for is left
// to the callers, which would otherwise parse it a second time.
func TestPreparseStopsAtTheCachesRoom(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	cache, parse := parses, parseIntoCache
	defer func() { parses, parseIntoCache = cache, parse }()
	parses = memo.New[parseKey, *parsedExpr](2, nil)
	var mu sync.Mutex
	var parsed []string
	parseIntoCache = func(text string) {
		mu.Lock()
		parsed = append(parsed, text)
		mu.Unlock()
		parse(text)
	}
	preparse([]string{"1 == 1", "2 == 2", "3 == 3", "4 == 4"}).Wait()
	slices.Sort(parsed)
	if !slices.Equal(parsed, []string{"1 == 1", "2 == 2"}) || parses.Room() != 0 {
		t.Errorf("parsed %q, room left %d; want the first two and none", parsed, parses.Room())
	}
}
