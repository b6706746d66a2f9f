package manifest

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// Source says where a document came from.
type Source struct {
	// File is the path as given, or "<stdin>".
	File string
	// Index is the 0-based position of the document in its file.
	Index int
	// Line is the 1-based line where the document starts.
	Line int
	// Item is the 0-based position inside an expanded List document, or -1.
	Item int
	// Offset is the byte offset where the document starts in its stream
	// (ReadAt reads it again from there).
	Offset int64
}

// String renders the source as "file:line", with the List item if there is one.
func (s Source) String() string {
	out := EscapeName(s.File)
	if s.Line > 0 {
		out += ":" + strconv.Itoa(s.Line)
	}
	if s.Item >= 0 {
		out += " items[" + strconv.Itoa(s.Item) + "]"
	}
	return out
}

// Error is a problem with one document (or with a whole file, when Source.Line is 0).
type Error struct {
	Source Source
	Err    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %v", e.Source, EscapePathError(e.Err))
}

func (e *Error) Unwrap() error { return e.Err }

// ReadError is a failure to read the stream itself (a directory, a closed
// or write-only descriptor, an I/O error), not a problem of one document:
// it ends the stream. Source.Line is the line reading stopped on.
type ReadError struct {
	Source Source
	Err    error
}

func (e *ReadError) Error() string {
	return fmt.Sprintf("%s: reading stopped: %v", e.Source, EscapePathError(e.Err))
}

func (e *ReadError) Unwrap() error { return e.Err }

// EscapeName escapes a file name for messages, as GitHub's workflow
// commands escape theirs: "%" and every control character (newline,
// carriage return, escape...) as %XX, so that a hostile name can neither
// forge a line of output nor drive the terminal.
func EscapeName(name string) string {
	if !strings.ContainsFunc(name, needsEscape) {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if needsEscape(r) {
			fmt.Fprintf(&b, "%%%02X", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsEscape(r rune) bool { return r == '%' || r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// EscapePathError is err with the path of an *fs.PathError in it escaped
// (EscapeName): the operating system's errors name files raw.
func EscapePathError(err error) error {
	var pe *fs.PathError
	if err == nil || !errors.As(err, &pe) || EscapeName(pe.Path) == pe.Path {
		return err
	}
	return &fs.PathError{Op: pe.Op, Path: EscapeName(pe.Path), Err: pe.Err}
}
