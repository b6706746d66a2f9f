package objgen

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// stringFor builds a string that matches pattern (when not empty) and has
// between minLen and maxLen characters (maxLen < 0: no bound). It tries a
// few random candidates and reports false when none fits.
func (g *Generator) stringFor(pattern string, minLen, maxLen int) (string, bool) {
	if pattern == "" {
		return g.plainString(minLen, maxLen), true
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", false
	}
	parsed, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", false
	}
	parsed = parsed.Simplify()
	for try := 0; try < 40; try++ {
		var sb strings.Builder
		budget := 8
		if try > 20 {
			budget = 2
		}
		if !g.emit(&sb, parsed, budget) {
			continue
		}
		s := sb.String()
		n := utf8.RuneCountInString(s)
		if n >= minLen && (maxLen < 0 || n <= maxLen) && re.MatchString(s) {
			return s, true
		}
	}
	return "", false
}

// plainString is lowercase letters, between minLen and maxLen long.
func (g *Generator) plainString(minLen, maxLen int) string {
	n := minLen + g.rnd.Intn(8)
	if maxLen >= 0 && n > maxLen {
		n = maxLen
	}
	const letters = "abcdefghijklmnopqrstuvwxyz"
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[g.rnd.Intn(len(letters))]
	}
	return string(b)
}

// emit writes a random string matched by re; budget bounds unbounded repeats.
func (g *Generator) emit(sb *strings.Builder, re *syntax.Regexp, budget int) bool {
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			sb.WriteRune(r)
		}
	case syntax.OpCharClass:
		r, ok := g.runeIn(re.Rune)
		if !ok {
			return false
		}
		sb.WriteRune(r)
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		sb.WriteByte(byte('a' + g.rnd.Intn(26)))
	case syntax.OpCapture:
		return g.emit(sb, re.Sub[0], budget)
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			if !g.emit(sb, sub, budget) {
				return false
			}
		}
	case syntax.OpAlternate:
		return g.emit(sb, re.Sub[g.rnd.Intn(len(re.Sub))], budget)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		return g.emitRepeat(sb, re, budget)
	}
	// Anchors, word boundaries and empty matches emit nothing; the caller
	// checks the result against the pattern.
	return true
}

func (g *Generator) emitRepeat(sb *strings.Builder, re *syntax.Regexp, budget int) bool {
	lo, hi := 0, budget
	switch re.Op {
	case syntax.OpPlus:
		lo = 1
	case syntax.OpQuest:
		hi = 1
	case syntax.OpRepeat:
		lo, hi = re.Min, re.Max
		if hi < 0 || hi > lo+budget {
			hi = lo + budget
		}
	}
	if hi < lo {
		hi = lo
	}
	n := lo + g.rnd.Intn(hi-lo+1)
	for i := 0; i < n; i++ {
		if !g.emit(sb, re.Sub[0], budget) {
			return false
		}
	}
	return true
}

// runeIn picks a rune of a character class (pairs of inclusive ranges),
// preferring printable ASCII.
func (g *Generator) runeIn(ranges []rune) (rune, bool) {
	if len(ranges) == 0 {
		return 0, false
	}
	var ascii [][2]rune
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := max(ranges[i], 0x21), min(ranges[i+1], 0x7e)
		if lo <= hi {
			ascii = append(ascii, [2]rune{lo, hi})
		}
	}
	if len(ascii) > 0 {
		r := ascii[g.rnd.Intn(len(ascii))]
		return r[0] + rune(g.rnd.Intn(int(r[1]-r[0]+1))), true
	}
	i := 2 * g.rnd.Intn(len(ranges)/2)
	lo, hi := ranges[i], ranges[i+1]
	if hi-lo > 1<<16 {
		hi = lo + 1<<16
	}
	return lo + rune(g.rnd.Intn(int(hi-lo+1))), true
}
