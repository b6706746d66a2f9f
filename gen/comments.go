package gen

import (
	"go/ast"
	"go/token"

	"github.com/kval-dev/kval/tags"
)

// commentLines returns the text lines of a comment group (see
// tags.CommentLines).
func commentLines(fset *token.FileSet, g *ast.CommentGroup) []tags.Line {
	return tags.CommentLines(fset, g)
}

// commentIndex finds the comment group that ends on a given line, which is
// how Kubernetes generators (gengo) attach comments to declarations: the
// doc comment of a declaration is the group ending on the line just above
// it, and the "second closest" group ends one blank line above that.
type commentIndex struct {
	fset  *token.FileSet
	byEnd map[fileLine]*ast.CommentGroup
}

type fileLine struct {
	file string
	line int
}

func newCommentIndex(fset *token.FileSet, files []*ast.File) *commentIndex {
	idx := &commentIndex{fset: fset, byEnd: map[fileLine]*ast.CommentGroup{}}
	for _, f := range files {
		for _, g := range f.Comments {
			end := fset.Position(g.End())
			idx.byEnd[fileLine{end.Filename, end.Line}] = g
		}
	}
	return idx
}

// groupEndingAbove returns the group ending n lines above pos.
func (idx *commentIndex) groupEndingAbove(pos token.Pos, n int) *ast.CommentGroup {
	p := idx.fset.Position(pos)
	return idx.byEnd[fileLine{p.Filename, p.Line - n}]
}

// doc returns the doc comment lines of the declaration at pos.
func (idx *commentIndex) doc(pos token.Pos) []tags.Line {
	return commentLines(idx.fset, idx.groupEndingAbove(pos, 1))
}

// secondClosest returns the comment group separated from the declaration
// at pos (or from its doc comment) by one blank line. Generator options on
// a type may be written there.
func (idx *commentIndex) secondClosest(pos token.Pos) []tags.Line {
	first := idx.groupEndingAbove(pos, 1)
	if first == nil {
		return commentLines(idx.fset, idx.groupEndingAbove(pos, 2))
	}
	return commentLines(idx.fset, idx.groupEndingAbove(first.List[0].Slash, 2))
}

// lineTexts returns the texts of lines.
func lineTexts(lines []tags.Line) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l.Text
	}
	return out
}
