package lower

import (
	"fmt"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// maxIndexList bounds the lists a rule compares position by position: the
// rule lists every index (see liftItems), so the list's maxItems must be at
// most this.
const maxIndexList = 256

// failure says why a construct has no faithful CEL form, and which bounds
// would give it one.
type failure struct {
	reason string
	fixes  []string
}

// lift moves a check of the values of a child node to its parent: the
// result checks, on a pair of parent values, every correlated pair of
// child values, correlated as package mutability correlates them (fields
// and map values by name, list-map items by keys, atomic lists by index).
// Items of sets are never correlated there: a check below them has no
// pair to run on, and callers never lift through them.
func (nm *namer) lift(parent link, child link, inner exprFn) (exprFn, *failure) {
	switch child.kind {
	case asProperty:
		if _, ok := member("self", child.name); !ok {
			return nil, unnamable(child)
		}
		return func(cur, old string) string {
			c, _ := member(cur, child.name)
			o, _ := member(old, child.name)
			return "!has(" + c + ") || !has(" + o + ") || (" + inner(c, o) + ")"
		}, nil
	case asValues:
		k := nm.fresh("k")
		return func(cur, old string) string {
			return cur + ".all(" + k + ", !(" + k + " in " + old + ") || (" + inner(cur+"["+k+"]", old+"["+k+"]") + "))"
		}, nil
	}
	switch {
	case parent.s.IsMapList():
		return nm.liftMapListItems(parent.s, inner)
	case parent.s.IsSetList():
		return nil, &failure{reason: fmt.Sprintf("it is below the items of the set %s, which CEL cannot pair to compare", parent.path)}
	}
	return nm.liftItems(parent, inner)
}

// liftMapListItems pairs the items of two list-map lists by their keys.
func (nm *namer) liftMapListItems(list *schema.Schema, inner exprFn) (exprFn, *failure) {
	x, y := nm.fresh("x"), nm.fresh("y")
	same, f := sameKeys(list, x, y)
	if f != nil {
		return nil, f
	}
	return func(cur, old string) string {
		return cur + ".all(" + x + ", " + old + ".all(" + y + ", !(" + same + ") || (" + inner(x, y) + ")))"
	}, nil
}

// sameKeys is the CEL condition that items a and b of a list-map list have
// the same x-kubernetes-list-map-keys.
func sameKeys(list *schema.Schema, a, b string) (string, *failure) {
	conds := make([]string, len(list.ListMapKeys))
	for i, key := range list.ListMapKeys {
		ma, ok := member(a, key)
		if !ok {
			return "", &failure{reason: fmt.Sprintf("its list-map key %q has no CEL name", key)}
		}
		mb, _ := member(b, key)
		conds[i] = ma + " == " + mb
	}
	return strings.Join(conds, " && "), nil
}

// liftItems pairs the items of two atomic lists by position. CEL in
// kube-apiserver 1.29 has no index iteration (lists.range and two-variable
// comprehensions came in 1.32 and 1.34), so the rule iterates over a
// literal list of every index the list can have: it needs maxItems.
func (nm *namer) liftItems(list link, inner exprFn) (exprFn, *failure) {
	if list.s.MaxItems == nil || *list.s.MaxItems > maxIndexList {
		return nil, &failure{
			reason: "items of an atomic list are compared by position, which CEL (kube-apiserver 1.29) can only do through a literal list of the indices",
			fixes:  []string{fmt.Sprintf("maxItems <= %d at %s", maxIndexList, list.path)},
		}
	}
	i := nm.fresh("i")
	indices := indexList(*list.s.MaxItems)
	return func(cur, old string) string {
		return indices + ".all(" + i + ", " + i + " >= " + cur + ".size() || " + i + " >= " + old + ".size() || (" +
			inner(cur+"["+i+"]", old+"["+i+"]") + "))"
	}, nil
}

func unnamable(l link) *failure {
	return &failure{reason: fmt.Sprintf("the property name %q of %s has no CEL form", l.name, l.path)}
}
