package gen

import (
	"path"
	"strings"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// stability checks that a rule uses no tag less mature than the rule
// itself. Rules are stable by default; in an alpha or beta API version
// (a package path ending in e.g. v1alpha1) alpha or beta tags may be used
// bare; +k8s:alpha and +k8s:beta lower the level of their payload; a rule
// behind a feature gate (+k8s:ifOptionEnabled/ifOptionDisabled or upstream's ifEnabled/ifDisabled) may use beta tags.
func (l *linter) stability(pkgPath string, t tags.Tag) {
	level := packageLevel(pkgPath)
	check := t
	switch t.Name {
	case "k8s:alpha", "k8s:beta":
		if t.Payload == nil {
			return
		}
		level = validators.StabilityAlpha
		if t.Name == "k8s:beta" {
			level = validators.StabilityBeta
		}
		check = *t.Payload
	}
	if validators.IsOptionConditional(check.Name) && level == validators.StabilityStable {
		level = validators.StabilityBeta
	}
	for _, link := range check.Chain() {
		doc, ok := l.reg.Doc(link.Name)
		// A misplaced +k8s:alpha or +k8s:beta is reported by prefixes.
		if !ok || doc.Stability.AtLeast(level) || link.Name == "k8s:alpha" || link.Name == "k8s:beta" {
			continue
		}
		l.problem(t, "prefix the rule with +k8s:"+strings.ToLower(string(doc.Stability))+"=",
			"tag "+link.Name+" is "+string(doc.Stability)+" and cannot be used in a "+string(level)+" rule")
		return
	}
}

func packageLevel(pkgPath string) validators.Stability {
	version := path.Base(pkgPath)
	switch {
	case strings.Contains(version, "alpha"):
		return validators.StabilityAlpha
	case strings.Contains(version, "beta"):
		return validators.StabilityBeta
	}
	return validators.StabilityStable
}

var requirednessTags = []string{"k8s:required", "k8s:optional", "k8s:forbidden"}

// requiredness checks that a validated field says whether it is required,
// optional or forbidden, and says it once under any set of options.
func (l *linter) requiredness(list []tags.Tag, lines []tags.Line, m *validators.Member) {
	found := gatedRequiredness(list)
	if a, b, ok := requirednessConflict(found); ok {
		l.problem(b, "keep one of +k8s:required, +k8s:optional and +k8s:forbidden",
			"conflicts with +"+a.Name+" on the same field")
		return
	}
	for _, f := range found {
		if f.tag.Name == "k8s:required" && hasDefault(lines) {
			l.problem(f.tag, "drop +k8s:required: a field with a +default is optional, and required once defaulted",
				"a field with a default cannot be required")
		}
	}
	if shape.IsStruct(m.Type) || len(found) > 0 {
		return
	}
	l.missingRequiredness(lines, m)
}

// missingRequiredness reports a field with validations but no
// requiredness tag.
func (l *linter) missingRequiredness(lines []tags.Line, m *validators.Member) {
	if !l.hasValidation(m) {
		return
	}
	hint := "say whether clients must set it"
	if hasDefault(lines) {
		// KEP-5073's tables write a defaulted field +k8s:optional +default=X;
		// +k8s:optional is what makes it required once defaulted.
		hint = "add +k8s:optional: a field with a default is optional, and required once defaulted"
	}
	l.ps.add(Problem{Pos: m.Pos, Msg: "field " + m.Name + " has validations but no +k8s:optional, +k8s:required or +k8s:forbidden",
		Hint: hint, Lint: true})
}

// requirednessIn finds a requiredness tag of the field itself, possibly
// behind prefixes that keep the rule on the field (+k8s:beta=,
// +k8s:ifEnabled(X)=); under +k8s:subfield or +k8s:eachVal it would be
// another value's. It is returned with the outer tag's position and source.
func requirednessIn(t tags.Tag) (tags.Tag, bool) {
	for _, link := range t.Chain() {
		for _, name := range requirednessTags {
			if link.Name == name {
				link.Pos, link.Source = t.Pos, t.Source
				return link, true
			}
		}
		if !samePlacePrefixes[link.Name] {
			break
		}
	}
	return tags.Tag{}, false
}

// samePlacePrefixes are tags whose payload applies where they are written.
var samePlacePrefixes = map[string]bool{
	"k8s:alpha": true, "k8s:beta": true, "k8s:ifEnabled": true, "k8s:ifDisabled": true,
	"k8s:ifOptionEnabled": true, "k8s:ifOptionDisabled": true,
	"k8s:ifSubresource": true, "k8s:ifNotSubresource": true,
}

func hasDefault(lines []tags.Line) bool {
	return len(validators.DefaultTags(lines)) > 0
}

// hasValidation reports whether validating the field would run any check:
// its own tags, its type's, or its elements' (opaque types excepted).
func (l *linter) hasValidation(m *validators.Member) bool {
	c := l.childOf(m)
	return c != nil && reach{seen: map[*node]bool{}, strict: true}.field(c)
}

// childOf finds the discovered field of a member.
func (l *linter) childOf(m *validators.Member) *child {
	for _, n := range l.d.nodes {
		for _, c := range n.fields {
			if c.member == m {
				return c
			}
		}
	}
	return nil
}

// duplicates reports a tag written twice identically.
func (l *linter) duplicates(list []tags.Tag) {
	seen := map[string]bool{}
	for _, t := range list {
		key := t.String()
		if seen[key] {
			l.problem(t, "remove one of them", "duplicate tag")
		}
		seen[key] = true
	}
}
