package celrules

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Preparse parses texts into the parse cache on up to GOMAXPROCS
// goroutines and returns at once. A CRD's first use lints it and compiles
// its validator, two goroutines that each walk the rules in order and
// parse each one (the largest part of a one-file `kval validate`, issue
// 30); what Preparse has parsed, or is parsing, they take from the cache
// (the validator too while kube-apiserver's two environments parse alike,
// see sameParser), so the other cores share the parsing. With one CPU it does nothing: the
// two would parse the same rules anyway, in the order they need them.
func Preparse(texts []string) { preparse(texts) }

// preparse is Preparse, with what its goroutines are done on (tests).
// Texts the cache would not keep, too long or beyond its room, are left
// to the callers that need them: parsed here, they would be parsed twice.
func preparse(texts []string) *sync.WaitGroup {
	var wg sync.WaitGroup
	texts = slices.DeleteFunc(slices.Clone(texts), func(text string) bool { return len(text) > maxCachedText })
	texts = texts[:min(len(texts), parses.Room())]
	workers := min(runtime.GOMAXPROCS(0), len(texts))
	if workers < 2 {
		return &wg
	}
	var next atomic.Int64
	for range workers {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < int64(len(texts)); i = next.Add(1) - 1 {
				preparseOne(texts[i])
			}
		})
	}
	return &wg
}

// preparseOne parses text into the cache. A parse that panics is left to
// the caller that needs it, which reports it where it reports a rule's
// errors; here, on a goroutine of its own, it would end the process.
func preparseOne(text string) {
	defer func() { _ = recover() }()
	parseIntoCache(text)
}

// parseIntoCache is a variable so that a test can make it panic.
var parseIntoCache = func(text string) {
	cachedParse(baseEnvSet().NewExpressionsEnv(), NewExpressions, text)
}
