package schema

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestCompilePatternAsRegexpCompile: a pattern compiles, or fails with the
// same error, as regexp.Compile makes of it, the first time and from the
// cache, which gives back the one compiled expression.
func TestCompilePatternAsRegexpCompile(t *testing.T) {
	for _, p := range []string{`^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`, `(?i)^x+`, `a(b`, `\p{Foo}`, `[[:alpha:]]`, `x{1001}`} {
		want, wantErr := regexp.Compile(p)
		first, firstErr := CompilePattern(p)
		again, againErr := CompilePattern(p)
		if fmt.Sprint(firstErr) != fmt.Sprint(wantErr) || fmt.Sprint(againErr) != fmt.Sprint(wantErr) {
			t.Errorf("%q: errors %v and %v, regexp.Compile's %v", p, firstErr, againErr, wantErr)
		}
		if wantErr == nil && (first.String() != want.String() || again != first) {
			t.Errorf("%q: compiled to %v then %v", p, first, again)
		}
	}
}

// TestLongPatternsAreNotKept: a pattern over maxCachedPattern compiles as
// any other, and is not kept.
func TestLongPatternsAreNotKept(t *testing.T) {
	long := "^(" + strings.Repeat("a|", maxCachedPattern) + "b)$"
	re, err := CompilePattern(long)
	if err != nil || !re.MatchString("b") {
		t.Fatalf("compiled to %v, %v", re, err)
	}
	if patterns.Has(long) {
		t.Errorf("a pattern of %d bytes was kept", len(long))
	}
}
