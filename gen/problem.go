package gen

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// Problem is something wrong in the tagged code: a misused or unknown tag,
// an unsupported Go shape, a lint rule broken. The run reports every
// problem it finds, not just the first.
type Problem struct {
	// Pos is where the problem is (the tag, or the field or type).
	Pos tags.Pos
	// Tag is the tag involved, as written ("+k8s:minimum=x"), if any.
	Tag string
	// Msg says what is wrong.
	Msg string
	// Hint says how to fix it, when known.
	Hint string
	// Lint says the problem comes from a lint rule rather than from code
	// generation; +k8s:validation-gen-nolint turns lint rules off.
	Lint bool
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.Pos.String() + ": ")
	if p.Tag != "" {
		b.WriteString(p.Tag + ": ")
	}
	b.WriteString(p.Msg)
	if p.Hint != "" {
		b.WriteString(" (" + p.Hint + ")")
	}
	return b.String()
}

// problems collects the problems of a run.
type problems struct {
	list []Problem
	seen map[string]bool
	// notes are lint findings that do not stop generation (e.g. a tag in
	// the previous Kubernetes release's spelling); they become warnings.
	notes []string
}

// note records a finding that does not stop generation, once.
func (ps *problems) note(p Problem) {
	p.Lint = true
	if text := p.String(); !slices.Contains(ps.notes, text) {
		ps.notes = append(ps.notes, text)
	}
}

func (ps *problems) add(p Problem) {
	if ps.seen == nil {
		ps.seen = map[string]bool{}
	}
	// The same tag can be evaluated more than once (e.g. when a subfield
	// inherits the field's own tags); report it once.
	if key := p.String(); !ps.seen[key] {
		ps.seen[key] = true
		ps.list = append(ps.list, p)
	}
}

// at records a problem at a position, with no tag.
func (ps *problems) at(pos tags.Pos, hint, format string, args ...any) {
	ps.add(Problem{Pos: pos, Msg: fmt.Sprintf(format, args...), Hint: hint})
}

// fromError records the problems an error holds: tag errors keep their tag
// and position; other errors are placed at pos.
func (ps *problems) fromError(pos tags.Pos, err error) {
	if err == nil {
		return
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range joined.Unwrap() {
			ps.fromError(pos, e)
		}
		return
	}
	var te *validators.TagError
	var se *tags.Error
	switch {
	case errors.As(err, &te):
		ps.add(Problem{Pos: te.Pos, Tag: "+" + te.Tag, Msg: te.Msg, Hint: te.Hint})
	case errors.As(err, &se):
		ps.add(Problem{Pos: se.Pos, Tag: "+" + se.Text, Msg: fmt.Sprintf("%s at column %d", se.Msg, se.Offset+1)})
	default:
		ps.add(Problem{Pos: pos, Msg: err.Error()})
	}
}

// sorted returns the problems ordered by file, line and column.
func (ps *problems) sorted() []Problem {
	out := append([]Problem(nil), ps.list...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return out
}
