package tags

import "strings"

// Tag is one parsed tag.
type Tag struct {
	// Name is the tag name without the leading "+", e.g. "k8s:minimum".
	Name string
	// Args are the arguments in parentheses, in source order.
	Args []Arg
	// Value is the scalar value after "=", when Kind is String, Int, Bool or
	// Raw. Int values keep their literal spelling (e.g. "0x10").
	Value string
	// Kind says which kind of value follows "=", if any.
	Kind ValueKind
	// Payload is the chained tag after "=+", when Kind is TagValue.
	Payload *Tag
	// Pos is where the tag was written.
	Pos Pos
	// Source is the tag as written (without "+"), for messages; set on the
	// outermost tag of a chain by Parse.
	Source string
}

// Arg is one argument of a tag.
type Arg struct {
	// Name is empty for a positional argument.
	Name string
	// Value is the argument's text; ints keep their literal spelling.
	Value string
	// Kind is String, Int or Bool.
	Kind ValueKind
}

// ValueKind is the kind of a tag value or argument.
type ValueKind string

// The kinds of values. The strings match codetags' ValueType names, which
// upstream's tag documentation uses.
const (
	None     ValueKind = ""
	String   ValueKind = "string"
	Int      ValueKind = "int"
	Bool     ValueKind = "bool"
	TagValue ValueKind = "tag"
	Raw      ValueKind = "raw"
)

// PositionalArg returns the positional argument, if the tag has one.
func (t Tag) PositionalArg() (Arg, bool) {
	if len(t.Args) == 0 || t.Args[0].Name != "" {
		return Arg{}, false
	}
	return t.Args[0], true
}

// NamedArg returns the argument with the given name, if present.
func (t Tag) NamedArg(name string) (Arg, bool) {
	if name == "" {
		return Arg{}, false
	}
	for _, a := range t.Args {
		if a.Name == name {
			return a, true
		}
	}
	return Arg{}, false
}

// Chain returns the tag followed by all of its chained payloads.
func (t Tag) Chain() []Tag {
	chain := []Tag{t}
	for p := t.Payload; p != nil; p = p.Payload {
		chain = append(chain, *p)
	}
	return chain
}

// String renders the tag in canonical form: strings double-quoted, one space
// after commas and colons, no comment. Parse(t.String()) yields t again.
func (t Tag) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t Tag) write(b *strings.Builder) {
	b.WriteString(t.Name)
	if len(t.Args) > 0 {
		b.WriteByte('(')
		for i, a := range t.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(a.String())
		}
		b.WriteByte(')')
	}
	switch t.Kind {
	case None:
	case TagValue:
		b.WriteString("=+")
		t.Payload.write(b)
	case String:
		b.WriteByte('=')
		b.WriteString(quote(t.Value))
	default:
		b.WriteByte('=')
		b.WriteString(t.Value)
	}
}

// String renders the argument as it would appear in a tag.
func (a Arg) String() string {
	value := a.Value
	if a.Kind == String {
		value = quote(value)
	}
	if a.Name == "" {
		return value
	}
	return a.Name + ": " + value
}

// quote double-quotes s, escaping only what the grammar can unescape: the
// backslash and the double quote. Other characters stay as they are, so the
// result parses back to s.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}
