package gen

import (
	"go/types"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// linter checks the tags of the types a target validates against rules
// that keep declarative validation correct and reviewable: no unknown tags,
// alpha and beta only as prefixes, no tag less stable than its rule,
// explicit requiredness on validated fields, no contradictory tags (bounds
// no value passes, one-value tags repeated), no tags in capitals, no tags
// hidden or repeated by a typedef chain (lint_typedefs.go).
type linter struct {
	prog  *program
	reg   *validators.Registry
	ps    *problems
	d     *discoverer
	typed map[*types.TypeName]bool
	// current is the Kubernetes version the lifecycle lint compares with
	// (nil: no lifecycle lint); its warnings go to warnings.
	current  *kubeMinor
	warnings *[]string
}

func newLinter(d *discoverer, current *kubeMinor, warnings *[]string) *linter {
	return &linter{prog: d.prog, reg: d.reg, ps: d.ps, d: d, typed: map[*types.TypeName]bool{}, current: current, warnings: warnings}
}

func (l *linter) lintTarget(t *target) {
	for _, ti := range t.roots {
		l.lintType(ti.obj.Type())
	}
	l.aliasTags(t.input)
}

// lintType lints a named type's tags and, through its fields, elements and
// keys, the types it uses. Types of packages not loaded from source have no
// comments to lint.
func (l *linter) lintType(t types.Type) {
	t = shape.NonPointer(t)
	switch u := t.(type) {
	case *types.Slice:
		l.lintType(u.Elem())
		return
	case *types.Map:
		l.lintType(u.Key())
		l.lintType(u.Elem())
		return
	}
	ti := l.prog.typeInfo(t)
	if ti == nil || l.typed[ti.obj] {
		return
	}
	l.typed[ti.obj] = true
	if hasOption(ti.doc, nolintTag) {
		return
	}
	typeTags := l.lintComments(ti.obj.Pkg().Path(), ti.doc, nil, false)
	l.typedefChain(ti, typeTags)
	if shape.IsTypedef(t) {
		l.lintType(t.Underlying())
	}
	exempt := hasTag(typeTags, validators.LifecycleExemptTag)
	for _, m := range ti.members {
		fieldTags := l.lintComments(ti.obj.Pkg().Path(), m.Comments, m, exempt)
		l.fieldRepeatsType(m, fieldTags)
		l.lintType(m.Type)
	}
}

// lintComments applies the rules to the tags in one comment and returns
// them. m is the field the comment belongs to, or nil for a type; exempt
// says the enclosing type is exempt from the lifecycle lint.
func (l *linter) lintComments(pkgPath string, lines []tags.Line, m *validators.Member, exempt bool) []tags.Tag {
	l.unknownTags(lines)
	for _, p := range capitalTags(lines, true) {
		l.ps.add(p)
	}
	list, _ := l.reg.ParseTags(lines)
	for _, t := range list {
		l.prefixes(t, true)
		l.stability(pkgPath, t)
	}
	if m != nil {
		l.requiredness(list, lines, m)
		l.defaults(list, lines, m)
	}
	l.duplicates(list)
	l.repeats(list)
	l.bounds(list)
	l.lifecycle(list, exempt)
	return list
}

func (l *linter) problem(t tags.Tag, hint, msg string) {
	tag := t.Source
	if tag == "" {
		tag = t.String()
	}
	l.ps.add(Problem{Pos: t.Pos, Tag: "+" + tag, Msg: msg, Hint: hint, Lint: true})
}

// unknownTags reports +k8s: tags that no validator and no known generator
// understands: a typo would otherwise silently drop a rule.
func (l *linter) unknownTags(lines []tags.Line) {
	for _, f := range tags.Extract(lines, "k8s:") {
		// Refused tags are reported with their reason by generation.
		if l.reg.Known(f.Name) || validators.Refused(f.Name) || isOtherGeneratorTag(f.Name) || f.Name == validators.DefaultAliasTag {
			continue
		}
		l.ps.add(Problem{Pos: f.Pos, Tag: "+" + f.Text, Msg: "unknown tag " + f.Name, Hint: l.reg.Suggest(f.Name), Lint: true})
	}
	for _, f := range tags.Extract(lines, "") {
		t, err := tags.ParseFound(f)
		if err != nil || !strings.HasPrefix(f.Name, "k8s:") {
			continue
		}
		for p := t.Payload; p != nil; p = p.Payload {
			if !l.reg.Known(p.Name) && !validators.Refused(p.Name) {
				l.problem(t, l.reg.Suggest(p.Name), "unknown payload tag "+p.Name)
			}
		}
	}
}

// prefixes checks that +k8s:alpha and +k8s:beta start a tag and carry a
// payload.
func (l *linter) prefixes(t tags.Tag, root bool) {
	for i, link := range t.Chain() {
		if link.Name != "k8s:alpha" && link.Name != "k8s:beta" {
			continue
		}
		switch {
		case !root || i > 0:
			l.problem(t, "write +"+link.Name+"=... first, before the other tags of the chain", "+"+link.Name+" can only prefix a rule")
		case link.Payload == nil:
			l.problem(t, "write +"+link.Name+"=<validation tag>", "+"+link.Name+" needs a validation tag as its value")
		}
	}
}
