package tags

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// scanner reads one tag's text. It tracks a byte offset so errors can point
// at a column.
type scanner struct {
	src string
	off int
}

// eof is returned by peek at the end of input.
const eof = -1

func (s *scanner) peek() rune { return s.peekAt(s.off) }

func (s *scanner) peekAt(off int) rune {
	if off >= len(s.src) {
		return eof
	}
	r, _ := utf8.DecodeRuneInString(s.src[off:])
	return r
}

// peekSecond returns the rune after the next one.
func (s *scanner) peekSecond() rune {
	if s.off >= len(s.src) {
		return eof
	}
	_, size := utf8.DecodeRuneInString(s.src[s.off:])
	return s.peekAt(s.off + size)
}

func (s *scanner) next() rune {
	if s.off >= len(s.src) {
		return eof
	}
	r, size := utf8.DecodeRuneInString(s.src[s.off:])
	s.off += size
	return r
}

// accept consumes r if it is next.
func (s *scanner) accept(r rune) bool {
	if s.peek() != r {
		return false
	}
	s.next()
	return true
}

// skipSpace skips white space (any Unicode space, as codetags does).
func (s *scanner) skipSpace() {
	for r := s.peek(); r != eof && unicode.IsSpace(r); r = s.peek() {
		s.next()
	}
}

func (s *scanner) rest() string {
	r := s.src[s.off:]
	s.off = len(s.src)
	return r
}

// syntaxError is a parse failure at a byte offset; Parse turns it into an
// *Error with the tag's position.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

func (s *scanner) errorf(format string, args ...any) error {
	return &syntaxError{off: s.off, msg: fmt.Sprintf(format, args...)}
}

// unexpected reports the next rune, or the end of input, as unexpected.
func (s *scanner) unexpected(want string) error {
	if r := s.peek(); r != eof {
		return s.errorf("unexpected %q, want %s", r, want)
	}
	return s.errorf("unexpected end of tag, want %s", want)
}

func (s *scanner) ident(isChar func(rune) bool) (string, error) {
	start := s.off
	if !isIdentStart(s.peek()) {
		return "", s.unexpected("a name")
	}
	s.next()
	for isChar(s.peek()) {
		s.next()
	}
	return s.src[start:s.off], nil
}

// quoted reads a double- or backtick-quoted string. Inside either kind, a
// backslash escapes only a backslash or the quote character, as in codetags.
func (s *scanner) quoted() (string, error) {
	start := s.off
	quote := s.next()
	var b strings.Builder
	for {
		switch r := s.next(); r {
		case eof:
			s.off = start
			return "", s.errorf("unterminated string")
		case quote:
			return b.String(), nil
		case '\\':
			esc := s.next()
			if esc != '\\' && esc != quote {
				return "", s.errorf("unsupported escape \\%c in string (only \\\\ and \\%c are allowed)", esc, quote)
			}
			b.WriteRune(esc)
		default:
			b.WriteRune(r)
		}
	}
}

// number reads an integer literal and checks that it fits in 64 bits.
func (s *scanner) number() (string, error) {
	start := s.off
	if r := s.peek(); r == '+' || r == '-' {
		s.next()
	}
	for r := s.peek(); r != eof && (unicode.IsDigit(r) || strings.ContainsRune("xobabcdefABCDEF", r)); r = s.peek() {
		s.next()
	}
	lit := s.src[start:s.off]
	if _, err := strconv.ParseInt(lit, 0, 64); err != nil {
		s.off = start
		return "", s.errorf("invalid integer %q", lit)
	}
	return lit, nil
}
