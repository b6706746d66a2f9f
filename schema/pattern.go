package schema

import (
	"regexp"

	"github.com/kval-dev/kval/internal/memo"
)

// CompilePattern compiles a schema's pattern, as regexp.Compile does (Go's
// RE2 syntax, the one kube-apiserver checks CRD patterns and values
// with). The CRDs of one project repeat their patterns (a host name, a
// DNS label) on many fields and in every version, and both kval lint's
// check of a CRD and its validator compile each: compiled once, they cost
// a fiftieth of a one-file `kval validate` less. A *regexp.Regexp is
// safe for concurrent use.
func CompilePattern(pattern string) (*regexp.Regexp, error) {
	c := patterns.Get(pattern, func(p string) compiledPattern {
		re, err := regexp.Compile(p)
		return compiledPattern{re, err}
	})
	return c.re, c.err
}

type compiledPattern struct {
	re  *regexp.Regexp
	err error
}

var patterns = memo.New[string, compiledPattern](maxPatterns, func(p string) bool { return len(p) <= maxCachedPattern })

// maxPatterns and maxCachedPattern bound the cache: a `kval serve` that
// reloads changing CRDs must not keep every pattern it ever saw, nor the
// compiled form of a pattern of megabytes. Real patterns are a few
// hundred bytes at most.
const (
	maxPatterns      = 1 << 14
	maxCachedPattern = 4 << 10
)
