package tags

import (
	"errors"
	"strings"
	"unicode"
)

// Parse parses one tag (the text after "+", as in Found.Text). pos is where
// the tag was written; it is stored in the tag and its payloads and used in
// errors. A syntax error is an *Error.
func Parse(text string, pos Pos) (Tag, error) {
	return parse(text, pos, false)
}

// ParseRaw parses a tag whose value is free text: everything after "=" up to
// the end of the line, trimmed, with Kind Raw. Generator options use it.
func ParseRaw(text string, pos Pos) (Tag, error) {
	return parse(text, pos, true)
}

// ParseFound parses a tag found by Extract.
func ParseFound(f Found) (Tag, error) { return Parse(f.Text, f.Pos) }

func parse(text string, pos Pos, raw bool) (Tag, error) {
	p := parser{s: scanner{src: strings.TrimSpace(text)}, pos: pos, raw: raw}
	t, err := p.tag()
	end := p.s.off
	if err == nil {
		err = p.end()
	}
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			return Tag{}, &Error{Pos: pos, Text: p.s.src, Offset: se.off, Msg: se.msg}
		}
		return Tag{}, err
	}
	t.Source = strings.TrimSpace(p.s.src[:end])
	return t, nil
}

// end accepts the end of the tag or a trailing "#" comment.
func (p *parser) end() error {
	p.s.skipSpace()
	switch p.s.peek() {
	case eof:
		return nil
	case '#':
		p.s.rest()
		return nil
	}
	return p.s.unexpected("end of tag or a '#' comment")
}

type parser struct {
	s   scanner
	pos Pos
	raw bool
}

func (p *parser) tag() (Tag, error) {
	t := Tag{Pos: p.pos}
	var err error
	if t.Name, err = p.s.ident(isNameChar); err != nil {
		return Tag{}, err
	}
	if p.s.accept('(') {
		if t.Args, err = p.args(); err != nil {
			return Tag{}, err
		}
	}
	if !p.s.accept('=') {
		return t, nil
	}
	if err := p.value(&t); err != nil {
		return Tag{}, err
	}
	return t, nil
}

// args reads the arguments after "(" up to and including ")".
func (p *parser) args() ([]Arg, error) {
	var args []Arg
	p.s.skipSpace()
	if p.s.accept(')') {
		return nil, nil
	}
	for {
		a, err := p.arg()
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		p.s.skipSpace()
		if p.s.accept(')') {
			return args, p.checkArgs(args)
		}
		if !p.s.accept(',') {
			return nil, p.s.unexpected("',' or ')'")
		}
		p.s.skipSpace()
		if p.s.accept(')') { // a trailing comma, as in Go
			return args, p.checkArgs(args)
		}
	}
}

func (p *parser) checkArgs(args []Arg) error {
	named := 0
	for _, a := range args {
		if a.Name != "" {
			named++
		}
	}
	switch {
	case named > 0 && named < len(args):
		return p.s.errorf("positional and named arguments cannot be mixed")
	case named == 0 && len(args) > 1:
		return p.s.errorf("more than one argument must use 'name: value' syntax")
	}
	return nil
}

// arg reads one argument, named or positional.
func (p *parser) arg() (Arg, error) {
	if !isIdentStart(p.s.peek()) {
		value, kind, err := p.scalar()
		return Arg{Value: value, Kind: kind}, err
	}
	word, err := p.s.ident(isIdentChar)
	if err != nil {
		return Arg{}, err
	}
	p.s.skipSpace()
	if !p.s.accept(':') {
		return Arg{Value: word, Kind: wordKind(word)}, nil
	}
	p.s.skipSpace()
	value, kind, err := p.scalar()
	return Arg{Name: word, Value: value, Kind: kind}, err
}

// value reads what follows "=" into t.
func (p *parser) value(t *Tag) error {
	if p.raw {
		t.Value, t.Kind = strings.TrimSpace(p.s.rest()), Raw
		return nil
	}
	if p.s.peek() == '+' && !unicode.IsDigit(p.s.peekSecond()) {
		p.s.next()
		if !isIdentStart(p.s.peek()) {
			return p.s.unexpected("a tag name after \"=+\"")
		}
		payload, err := p.tag()
		if err != nil {
			return err
		}
		t.Payload, t.Kind = &payload, TagValue
		return nil
	}
	bare := isIdentStart(p.s.peek())
	var err error
	t.Value, t.Kind, err = p.scalar()
	if err == nil && bare && t.Kind == String {
		t.Value, err = p.nameList(t.Value)
	}
	return err
}

// nameList reads the rest of a comma-separated list of names in value
// position (+k8s:update=NoModify,NoClear, as KEP-5073 writes it) and
// returns it joined by "," without spaces. Arguments cannot hold lists:
// there the comma separates arguments.
func (p *parser) nameList(first string) (string, error) {
	list := first
	for {
		p.s.skipSpace()
		if !p.s.accept(',') {
			return list, nil
		}
		p.s.skipSpace()
		w, err := p.s.ident(isIdentChar)
		if err != nil {
			return "", err
		}
		list += "," + w
	}
}

// scalar reads a string, integer, boolean or identifier.
func (p *parser) scalar() (string, ValueKind, error) {
	switch r := p.s.peek(); {
	case r == '"' || r == '`':
		s, err := p.s.quoted()
		return s, String, err
	case r == '+' || r == '-' || unicode.IsDigit(r):
		n, err := p.s.number()
		return n, Int, err
	case isIdentStart(r):
		w, err := p.s.ident(isIdentChar)
		return w, wordKind(w), err
	default:
		return "", None, p.s.unexpected("a string, number, boolean or name")
	}
}

// wordKind says whether an unquoted word is a boolean or a string.
func wordKind(w string) ValueKind {
	if w == "true" || w == "false" {
		return Bool
	}
	return String
}
