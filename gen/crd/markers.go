package crd

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kval-dev/kval/tags"
)

// where says on which declarations a marker may be written.
type where uint8

const (
	onPackage where = 1 << iota
	onType
	onField
	onConst
)

func (w where) String() string {
	var names []string
	for _, p := range []struct {
		w    where
		name string
	}{{onPackage, "packages"}, {onType, "types"}, {onField, "fields"}, {onConst, "constants"}} {
		if w&p.w != 0 {
			names = append(names, p.name)
		}
	}
	return strings.Join(names, ", ")
}

// marker is one entry of the marker table (markers_table.go). Exactly one
// of schema, resource and pkg is set, or ignored says why the marker is
// accepted without effect on the CRD.
type marker struct {
	name  string
	where where
	// args are the named arguments of a kubebuilder-style marker
	// (+name:arg=v,arg=v); nil when the marker takes only a value.
	args []string
	// value says whether a value (+name=value) is required, optional or
	// forbidden; ignored for +k8s: tags, whose grammar is package tags'.
	value valueRule
	doc   string

	schema   func(n *node, u use) error
	resource func(k *kindInfo, u use) error
	pkg      func(p *pkgInfo, u use) error
	ignored  string
}

type valueRule uint8

const (
	noValue valueRule = iota
	needValue
	maybeValue
)

// use is one marker as written.
type use struct {
	m    *marker
	pos  tags.Pos
	text string // without "+", for messages
	// value is the text after "=", hasValue whether there was one.
	value    string
	hasValue bool
	// args are the named arguments, as written.
	args map[string]string
	// tag is the parsed tag of the +k8s: family.
	tag tags.Tag
}

func (u use) errorf(format string, args ...any) error {
	return fmt.Errorf("+%s: %s", u.text, fmt.Sprintf(format, args...))
}

// byName is the marker table indexed by name, and names sorted longest
// first so that the longest name matching a marker wins
// (kubebuilder:validation:XValidation before kubebuilder:validation:X...).
// They are filled by init: payload tags (+k8s:eachVal=+k8s:maxLength=1)
// make the table refer to itself.
var (
	byName            = map[string]*marker{}
	namesLongestFirst []string
)

func init() {
	for i := range table {
		m := &table[i]
		byName[m.name] = m
		namesLongestFirst = append(namesLongestFirst, m.name)
	}
	sort.SliceStable(namesLongestFirst, func(i, j int) bool { return len(namesLongestFirst[i]) > len(namesLongestFirst[j]) })
}

// markersIn finds and parses the markers of comment lines written on a
// declaration of kind w. Unknown and misplaced markers are problems.
func markersIn(lines []tags.Line, w where, ps *problems) []use {
	var out []use
	for _, f := range tags.Extract(lines, "") {
		u, err := parseMarker(f)
		switch {
		case u.m == nil && ps.ignored(f.Name):
		case err != nil:
			ps.add(f.Pos, "%v", err)
		case u.m.where&w == 0:
			ps.add(f.Pos, "+%s may be written on %s only", u.m.name, u.m.where)
		case u.m.ignored == "":
			out = append(out, u)
		}
	}
	return out
}

// lookup finds the table entry for a marker's text, and whether the
// entry matched through the items: prefix of controller-gen, which applies
// a validation marker to a list's items.
func lookup(text string) (*marker, string, bool) {
	for _, n := range namesLongestFirst {
		if rest, ok := strings.CutPrefix(text, n); ok && (rest == "" || strings.ContainsRune("=:(", rune(rest[0]))) {
			return byName[n], rest, true
		}
	}
	return nil, "", false
}
