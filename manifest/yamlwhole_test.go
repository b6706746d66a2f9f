package manifest

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
)

// FuzzWholeDocumentsAsLineByLine: taking a buffered document at once
// (takeWhole) cuts the same documents, at the same lines and offsets, with
// the same errors, as reading it a line at a time, whether the input's
// size is known (a whole file) or not (a stream), in a buffer that holds
// all of it or only part.
func FuzzWholeDocumentsAsLineByLine(f *testing.F) {
	for _, seed := range []string{
		"a: 1\n---\nb: 2\n", "---\na: 1\n---\n", "# only a comment\n", "a: 1\n--- x\nb: 2", "a: 1\r\n---\r\nb: 2\r\n",
		"\n\n---\n---\n", "a:\n  - 1\n---\n\n", "a: 1\n----\nb: 2\n", "---", "a: 1\n---",
	} {
		f.Add(seed, uint8(0))
		f.Add(seed, uint8(5))
	}
	f.Fuzz(func(t *testing.T, input string, buffer uint8) {
		size := len(input) + 1
		if buffer > 0 {
			size = 16 + int(buffer) // bufio's smallest buffer is 16 bytes
		}
		for _, known := range []int64{int64(len(input)), -1} {
			want := cutAll(input, size, known, true)
			if got := cutAll(input, size, known, false); got != want {
				t.Fatalf("buffer %d, size %d:\n%s\nline by line:\n%s", size, known, got, want)
			}
		}
	})
}

// cutAll describes every document a YAML splitter cuts from input.
func cutAll(input string, buffer int, size int64, lineByLine bool) string {
	s := &yamlSplitter{in: bufio.NewReaderSize(strings.NewReader(input), buffer), size: size, lineByLine: lineByLine}
	var out bytes.Buffer
	for range 1000 {
		raw, at, err := s.next()
		fmt.Fprintf(&out, "%q %+v %v\n", raw, at, err)
		if err == io.EOF {
			break
		}
	}
	return out.String()
}

// TestWholeDocumentIsTaken: a document that the buffer holds whole is
// taken at once, up to the separator after it or the input's known end;
// one that goes on beyond the buffer is read a line at a time.
func TestWholeDocumentIsTaken(t *testing.T) {
	for _, c := range []struct {
		input  string
		buffer int
		size   int64
		want   string
	}{
		{"a: 1\nb: 2\n---\nc: 3\n", 64, -1, "a: 1\nb: 2\n"},
		{"a: 1\nb: 2", 64, 9, "a: 1\nb: 2"},
		{"a: 1\nb: 2", 64, -1, ""},
		{"a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n", 16, 25, ""},
		{"---\na: 1\n", 64, 9, ""},
	} {
		s := &yamlSplitter{in: bufio.NewReaderSize(strings.NewReader(c.input), c.buffer), size: c.size}
		_, _ = s.in.Peek(min(len(c.input), c.buffer))
		d := &yamlDoc{}
		s.takeWhole(d)
		if d.text.String() != c.want || s.offset != int64(len(c.want)) || s.line != strings.Count(c.want, "\n")+boolInt(c.want != "" && !strings.HasSuffix(c.want, "\n")) {
			t.Errorf("%q (buffer %d, size %d): took %q, offset %d, line %d; want %q", c.input, c.buffer, c.size, d.text.String(), s.offset, s.line, c.want)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
