package prune

import (
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// trail is the path from the root to the value being visited. Keeping it as a
// stack of segments costs nothing per value; strings are only built for the
// rare field that is reported.
type trail []segment

// segment is an object key, or an array index when index >= 0.
type segment struct {
	key   string
	index int
}

func (t *trail) pushKey(k string) { *t = append(*t, segment{key: k, index: -1}) }
func (t *trail) pushIndex(i int)  { *t = append(*t, segment{index: i}) }
func (t *trail) pop()             { *t = (*t)[:len(*t)-1] }

// String renders the trail as kube-apiserver renders unknown field paths:
// keys joined by ".", indices as "[i]".
func (t trail) String() string {
	var b strings.Builder
	for i, s := range t {
		if s.index >= 0 {
			b.WriteByte('[')
			b.WriteString(strconv.Itoa(s.index))
			b.WriteByte(']')
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s.key)
	}
	return b.String()
}

// childString is the path of key k below the trail.
func (t *trail) childString(k string) string {
	t.pushKey(k)
	s := t.String()
	t.pop()
	return s
}

// fieldPath converts the trail to a field.Path.
func (t trail) fieldPath() *field.Path {
	var p *field.Path
	for _, s := range t {
		if s.index >= 0 {
			p = p.Index(s.index)
		} else {
			p = p.Child(s.key)
		}
	}
	return p
}
