package validators

import (
	"slices"

	"github.com/kval-dev/kval/tags"
)

// Kubernetes 1.36's validation-gen named the mode tags +k8s:discriminator
// (argument name) and +k8s:member (arguments discriminator and value);
// 1.37 renamed them +k8s:modeDiscriminator (modality) and +k8s:ifMode
// (modality and mode) with the same meaning. kval reads the previous names
// as the current ones, so packages that follow upstream one release behind
// generate as written, and notes the current form.

// previousName is one renamed tag: its current name and arguments.
type previousName struct {
	current string
	args    map[string]string // previous argument name → current
}

var previousNames = map[string]previousName{
	"k8s:discriminator": {current: modeDiscriminatorTag, args: map[string]string{"name": "modality"}},
	"k8s:member":        {current: ifModeTag, args: map[string]string{"discriminator": "modality", "value": "mode"}},
}

// Note is a finding that does not stop generation: a tag written in the
// previous release's spelling.
type Note struct {
	Pos  tags.Pos
	Tag  string // as written
	Msg  string
	Hint string
}

// Notes returns the notes of the tags parsed so far, in the order found.
func (r *Registry) Notes() []Note { return r.notes }

// currentSpelling renames the previous release's tags in a chain, noting
// each one at the outermost tag (where it was written).
func (r *Registry) currentSpelling(t tags.Tag) tags.Tag {
	return r.respell(t, t)
}

func (r *Registry) respell(outer, t tags.Tag) tags.Tag {
	if t.Payload != nil {
		p := r.respell(outer, *t.Payload)
		t.Payload = &p
	}
	prev, ok := previousNames[t.Name]
	if !ok {
		return t
	}
	r.note(outer, t.Name, prev.current)
	return renameArgs(t, prev)
}

// renameArgs returns a tag under its current name and argument names.
func renameArgs(t tags.Tag, prev previousName) tags.Tag {
	t.Name = prev.current
	t.Args = slices.Clone(t.Args)
	for i, a := range t.Args {
		if name, ok := prev.args[a.Name]; ok {
			t.Args[i].Name = name
		}
	}
	return t
}

// note records, once per tag, that it is written in the previous spelling.
func (r *Registry) note(t tags.Tag, previous, current string) {
	n := Note{Pos: t.Pos, Tag: "+" + t.Source, Msg: "Kubernetes 1.36's +" + previous + ", read as +" + current,
		Hint: "write +" + current + argHint(previous)}
	if !slices.Contains(r.notes, n) {
		r.notes = append(r.notes, n)
	}
}

// argHint names the renamed arguments of a previous tag.
func argHint(previous string) string {
	switch previous {
	case "k8s:discriminator":
		return " (argument name is now modality)"
	case "k8s:member":
		return " (arguments discriminator and value are now modality and mode)"
	}
	return ""
}
