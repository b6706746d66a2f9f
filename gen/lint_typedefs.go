package gen

import (
	"fmt"
	"go/types"
	"path/filepath"
	"strconv"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// Typedef chains (KEP-5073, "typedef chains"). Go flattens type
// definitions: in `type Bar Foo` Bar's underlying type is Foo's, so a value
// of type Bar is validated by Bar's tags only, never by Foo's (upstream's
// validation-gen behaves the same). And an alias, `type Baz = Foo`, is Foo
// itself: its doc comment is read by nobody. The rules below report the
// tags such chains hide or repeat; docs/tags.md ("Typedef chains") has the
// decisions.

// chainIgnored are tags on a base type that a definition from it does not
// need to restate: they do not validate values.
var chainIgnored = map[string]bool{validators.LifecycleExemptTag: true}

// typedefChain checks a type definition `type Bar Foo` against the tags of
// Foo: each of Foo's rules that Bar does not restate is reported as hidden
// (Bar's values skip it), and a bound that Bar restates looser than Foo's is
// reported (Bar accepts values Foo refuses). Restating a rule identically is
// the fix, not a duplicate. Only the link to the type Bar is written from is
// checked: Foo's own base is Foo's to restate.
func (l *linter) typedefChain(ti *typeInfo, own []tags.Tag) {
	base := l.prog.typeInfo(ti.from)
	if ti.from == nil || base == nil || hasOption(base.doc, nolintTag) {
		return
	}
	name, baseName := ti.obj.Name(), base.obj.Name()
	if base.obj.Pkg() != ti.obj.Pkg() {
		baseName = base.obj.Pkg().Name() + "." + baseName
	}
	mine := map[string]tags.Tag{}
	restated := map[string]bool{}
	for _, t := range own {
		place, rule := placed(t)
		if _, seen := mine[place+rule.Name]; !seen {
			mine[place+rule.Name] = t
		}
		restated[t.String()] = true
	}
	baseTags, _ := l.reg.ParseTags(base.doc)
	for _, bt := range baseTags {
		if chainIgnored[bt.Name] || restated[bt.String()] {
			continue
		}
		where := baseName + " (" + shortPos(bt.Pos) + ")"
		place, rule := placed(bt)
		if t, ok := mine[place+rule.Name]; ok {
			if _, mineRule := placed(t); looser(rule, mineRule) {
				l.problem(t, fmt.Sprintf("make it at least as strict as +%s, or define %s from %s's underlying type if it is not a kind of %s", bt.Source, name, baseName, baseName),
					fmt.Sprintf("looser than +%s on %s, which %s is defined from: %s accepts values %s refuses", bt.Source, where, name, name, baseName))
			}
			// Another value of a one-value tag is a deliberate override.
			continue
		}
		l.ps.add(Problem{Pos: ti.pos, Tag: "+" + bt.Source, Lint: true,
			Msg: fmt.Sprintf("type %s is defined from %s, but the tag of %s does not apply to %s values: Go flattens type definitions",
				name, baseName, where, name),
			Hint: fmt.Sprintf("restate +%s on %s, or use %s instead of %s", bt.Source, name, baseName, name)})
	}
}

// looser reports whether mine is the same bound as base with a value that
// lets more values through. Field references and unparsed values compare
// as not looser.
func looser(base, mine tags.Tag) bool {
	if isFieldReference(base) || isFieldReference(mine) {
		return false
	}
	b, errB := strconv.ParseInt(base.Value, 10, 64)
	m, errM := strconv.ParseInt(mine.Value, 10, 64)
	if errB != nil || errM != nil {
		return false
	}
	kind, ok := bounds[base.Name]
	switch {
	case !ok:
		return false
	case kind.lower:
		return m < b
	}
	return m > b
}

// fieldRepeatsType reports a field tag identical to a tag of the field's
// named type: the type's validation already runs for the field, so the
// rule would run, and fail, twice. List metadata (+k8s:listType and
// friends) describes the value rather than checking it and may be repeated.
func (l *linter) fieldRepeatsType(m *validators.Member, fieldTags []tags.Tag) {
	ti := l.prog.typeInfo(shape.NonPointer(m.Type))
	if ti == nil || len(fieldTags) == 0 {
		return
	}
	typeTags, _ := l.reg.ParseTags(ti.doc)
	byString := map[string]tags.Tag{}
	for _, t := range typeTags {
		byString[t.String()] = t
	}
	for _, t := range fieldTags {
		tt, ok := byString[t.String()]
		if !ok || chainIgnored[t.Name] || listMetadata[t.Name] {
			continue
		}
		l.problem(t, "remove it from the field",
			fmt.Sprintf("repeats +%s of type %s (%s), which already runs for this field: the rule would run twice",
				tt.Source, ti.obj.Name(), shortPos(tt.Pos)))
	}
}

var listMetadata = map[string]bool{"k8s:listType": true, "k8s:listMapKey": true, "k8s:unique": true}

// aliasTags reports validation tags written on an alias declaration
// (`type Baz = Foo`): Baz is Foo, the generator reads Foo's comment only,
// and the tags are silently dropped (upstream's parser ignores them too).
func (l *linter) aliasTags(pkg *pkgInfo) {
	for _, ti := range pkg.named {
		if !ti.obj.IsAlias() || hasOption(ti.doc, nolintTag) {
			continue
		}
		list, _ := l.reg.ParseTags(ti.doc)
		target := typeName(ti.obj.Type())
		for _, t := range list {
			l.problem(t, fmt.Sprintf("move it to type %s (every use of %s gets it) or to the fields that use %s, or declare %s as a new type (type %s %s) and restate %s's tags",
				target, target, ti.obj.Name(), ti.obj.Name(), ti.obj.Name(), target, target),
				fmt.Sprintf("tag on the alias %s, which the generator cannot see: %s is %s itself", ti.obj.Name(), ti.obj.Name(), target))
		}
	}
}

func typeName(t types.Type) string {
	if n, ok := shape.Named(t); ok {
		return n.Obj().Name()
	}
	return types.Unalias(t).String()
}

// shortPos is a position inside a message: the file's base name and line.
func shortPos(p tags.Pos) string {
	return filepath.Base(p.File) + ":" + strconv.Itoa(p.Line)
}
