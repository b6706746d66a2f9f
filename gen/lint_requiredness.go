package gen

import "github.com/kval-dev/kval/tags"

// gatedTag is a requiredness tag with the options it is written under.
type gatedTag struct {
	tag  tags.Tag
	gate gate
}

// gatedRequiredness finds a field's requiredness tags, with their gates.
func gatedRequiredness(list []tags.Tag) []gatedTag {
	var found []gatedTag
	for _, t := range list {
		if link, ok := requirednessIn(t); ok {
			found = append(found, gatedTag{tag: link, gate: gateOf(t)})
		}
	}
	return found
}

// requirednessConflict finds the first two requiredness tags that can
// apply together and contradict each other.
func requirednessConflict(found []gatedTag) (tags.Tag, tags.Tag, bool) {
	for i, a := range found {
		for _, b := range found[i+1:] {
			if contradict(a, b) {
				return a.tag, b.tag, true
			}
		}
	}
	return tags.Tag{}, tags.Tag{}, false
}

// contradict reports whether two requiredness tags say different things
// under some set of options. Tags under exclusive gates (+k8s:ifEnabled(X)
// and +k8s:ifDisabled(X)) never apply together; a gated tag refines an
// ungated one (+k8s:optional with +k8s:ifDisabled(X)=+k8s:forbidden, as
// upstream's own types write a field behind a feature gate) unless the
// two cannot both hold: required and forbidden, or required made optional.
func contradict(a, b gatedTag) bool {
	switch {
	case a.gate.exclusive(b.gate):
		return false
	case a.gate.same(b.gate):
		return a.tag.Name != b.tag.Name
	case b.gate.covers(a.gate):
		a, b = b, a
	}
	pair := a.tag.Name + " " + b.tag.Name
	switch pair {
	case "k8s:required k8s:forbidden", "k8s:forbidden k8s:required", "k8s:required k8s:optional":
		return true
	}
	return false
}
