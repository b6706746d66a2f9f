package crd

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kval-dev/kval/tags"
)

// Problem is something in the Go code that keeps a CRD from being
// generated faithfully: an unknown or misused marker, a Go shape a CRD
// cannot express.
type Problem struct {
	Pos tags.Pos
	Msg string
}

func (p Problem) String() string { return p.Pos.String() + ": " + p.Msg }

// problems collects a run's problems, each once.
type problems struct {
	list []Problem
	seen map[Problem]bool
	// ignorePrefixes are the prefixes of markers of other tools the caller
	// named (Options.IgnorePrefixes): such a marker is not a problem.
	ignorePrefixes []string
}

// ignored says whether a marker the table does not know belongs to a tool
// the caller named.
func (ps *problems) ignored(name string) bool {
	for _, p := range ps.ignorePrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func (ps *problems) add(pos tags.Pos, format string, args ...any) {
	p := Problem{Pos: pos, Msg: fmt.Sprintf(format, args...)}
	if ps.seen == nil {
		ps.seen = map[Problem]bool{}
	}
	if !ps.seen[p] {
		ps.seen[p] = true
		ps.list = append(ps.list, p)
	}
}

// sorted returns the problems by position.
func (ps *problems) sorted() []Problem {
	out := append([]Problem(nil), ps.list...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Pos, out[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return out
}
