package validators

import (
	"fmt"

	"github.com/kval-dev/kval/tags"
)

// TagError is a misused tag: where it is, the tag as written, what is wrong
// and, when known, how to fix it.
type TagError struct {
	Pos  tags.Pos
	Tag  string
	Msg  string
	Hint string
}

func (e *TagError) Error() string {
	msg := fmt.Sprintf("%s: +%s: %s", e.Pos, e.Tag, e.Msg)
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

// problem is an error a validator returns; the registry turns it into a
// TagError. Hint says how to fix it.
type problem struct {
	msg  string
	hint string
}

func (p *problem) Error() string { return p.msg }

// errorf returns a problem without a hint.
func errorf(format string, args ...any) error {
	return &problem{msg: fmt.Sprintf(format, args...)}
}

// fixf returns a problem with a hint on how to fix it.
func fixf(hint, format string, args ...any) error {
	return &problem{msg: fmt.Sprintf(format, args...), hint: hint}
}
