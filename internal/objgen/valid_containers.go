package objgen

import (
	"maps"
	"slices"

	"github.com/kval-dev/kval/schema"
)

// validObject builds an object with every required property, optional ones
// by chance, and additionalProperties entries, within min/maxProperties.
func (g *Generator) validObject(s *schema.Schema, depth int) map[string]any {
	obj := map[string]any{}
	var optional []string
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		ps := s.Properties[name]
		switch {
		case contains(s.Required, name) || constrainsByNot(ps):
			obj[name] = g.valueAvoidingNot(ps, depth+1)
		case g.chance(g.opts.Optional):
			obj[name] = g.valueAvoidingNot(ps, depth+1)
			optional = append(optional, name)
		case ps.Default != nil:
			// kube-apiserver defaults before it validates.
			obj[name] = deepCopy(ps.Default)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(s.Properties)) {
		if s.MinProperties == nil || int64(len(obj)) >= *s.MinProperties {
			break
		}
		if _, ok := obj[name]; !ok {
			obj[name] = g.valueAvoidingNot(s.Properties[name], depth+1)
		}
	}
	if s.AdditionalProperties != nil && (s.AdditionalProperties.Allows || s.AdditionalProperties.Schema != nil) {
		n := g.rnd.Intn(g.opts.MaxItems + 1)
		if s.MinProperties != nil && int64(len(obj)+n) < *s.MinProperties {
			n = int(*s.MinProperties) - len(obj)
		}
		for i := 0; i < n; i++ {
			obj[g.freshKey(obj)] = g.value(s.AdditionalProperties.Schema, depth+1)
		}
	}
	for s.MaxProperties != nil && int64(len(obj)) > *s.MaxProperties && len(optional) > 0 {
		delete(obj, optional[len(optional)-1])
		optional = optional[:len(optional)-1]
	}
	for s.MaxProperties != nil && int64(len(obj)) > *s.MaxProperties {
		removed := false
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if _, isProp := s.Properties[k]; !isProp {
				delete(obj, k)
				removed = true
				break
			}
		}
		if !removed {
			break
		}
	}
	return obj
}

// freshKey is a random key obj does not have yet.
func (g *Generator) freshKey(obj map[string]any) string {
	for {
		k := g.key()
		if _, taken := obj[k]; !taken {
			return k
		}
	}
}

// validArray builds a list within min/maxItems whose items are unique when
// uniqueItems or list-type set asks for it, and whose list-map keys are
// present and unique for list-type map.
func (g *Generator) validArray(s *schema.Schema, depth int) []any {
	n := g.rnd.Intn(g.opts.MaxItems + 1)
	if s.MinItems != nil && n < int(*s.MinItems) {
		n = int(min(*s.MinItems, 64))
	}
	if s.MaxItems != nil && n > int(*s.MaxItems) {
		n = int(max(*s.MaxItems, 0))
	}
	list := make([]any, 0, n)
	for attempts := 0; len(list) < n && attempts < 8*n+8; attempts++ {
		item := g.value(s.Items, depth+1)
		if s.IsMapList() {
			item = g.withListMapKeys(s, item, depth)
		}
		if !fitsList(s, list, item) {
			continue
		}
		list = append(list, item)
	}
	return list
}

// withListMapKeys makes sure an item of a list-type map has its keys.
func (g *Generator) withListMapKeys(s *schema.Schema, item any, depth int) any {
	obj, ok := item.(map[string]any)
	if !ok || s.Items == nil {
		return item
	}
	for _, k := range s.ListMapKeys {
		if _, ok := obj[k]; !ok {
			obj[k] = g.value(s.Items.Properties[k], depth+2)
		}
	}
	return obj
}

// fitsList reports whether item can join list without breaking uniqueness.
func fitsList(s *schema.Schema, list []any, item any) bool {
	for _, other := range list {
		switch {
		case (s.UniqueItems || s.IsSetList()) && sameValue(item, other):
			return false
		case s.IsMapList() && sameKeys(s.ListMapKeys, item, other):
			return false
		}
	}
	return true
}

func sameKeys(keys []string, a, b any) bool {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	for _, k := range keys {
		if !sameValue(am[k], bm[k]) {
			return false
		}
	}
	return true
}
