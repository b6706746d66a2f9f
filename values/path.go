package values

import "strconv"

// segment is one step from the validated root to the current value. The
// walker keeps a stack of them and renders a name only when it reports an
// error, so valid values cost no string building.
type segment struct {
	kind  segmentKind
	key   string // property name or additionalProperties key
	index int
}

type segmentKind uint8

const (
	segProperty   segmentKind = iota // a property of properties
	segAdditional                    // a key validated by additionalProperties
	segIndex                         // an array item
)

// renderName builds kube-openapi's name for a value: a property is joined
// with "." except at an empty name, an additionalProperties key always gets
// a "." (so a root key is ".key"), an item is "[i]".
func renderName(segs []segment) string {
	name := ""
	for _, s := range segs {
		switch s.kind {
		case segProperty:
			if name == "" {
				name = s.key
			} else {
				name += "." + s.key
			}
		case segAdditional:
			name += "." + s.key
		case segIndex:
			name += "[" + strconv.Itoa(s.index) + "]"
		}
	}
	return name
}

// nameIsEmpty reports whether renderName(segs) is "" without rendering it.
func nameIsEmpty(segs []segment) bool {
	for _, s := range segs {
		if s.kind != segProperty || s.key != "" {
			return false
		}
	}
	return true
}
