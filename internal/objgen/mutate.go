package objgen

import (
	"maps"
	"slices"

	"github.com/kval-dev/kval/schema"
)

// Mutate returns a copy of obj with one to three random changes, for update
// tests: a value regenerated, an optional property removed or added, a list
// reordered, or a keyword violated. apiVersion, kind and metadata are left
// alone. With some probability the copy is unchanged.
func (g *Generator) Mutate(s *schema.Schema, obj map[string]any) map[string]any {
	out := deepCopy(obj).(map[string]any)
	if g.rnd.Intn(8) == 0 {
		return out
	}
	for n := 1 + g.rnd.Intn(3); n > 0; n-- {
		g.mutateOnce(s, out)
	}
	return out
}

func (g *Generator) mutateOnce(s *schema.Schema, obj map[string]any) {
	sites := g.sites(s, obj)[1:] // not the root itself
	if len(sites) == 0 {
		return
	}
	st := sites[g.rnd.Intn(len(sites))]
	switch g.rnd.Intn(5) {
	case 0:
		st.set(g.value(st.schema, 1))
	case 1:
		g.Violate(s, obj)
	case 2:
		if list, ok := st.value.([]any); ok && len(list) > 1 {
			g.rnd.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
			return
		}
		st.set(g.value(st.schema, 1))
	default:
		g.changeProperties(st)
	}
}

// changeProperties removes an optional property of an object site, or adds
// one it lacks.
func (g *Generator) changeProperties(st site) {
	obj, ok := st.value.(map[string]any)
	if !ok {
		return
	}
	names := slices.Sorted(maps.Keys(st.schema.Properties))
	if len(names) == 0 {
		return
	}
	name := names[g.rnd.Intn(len(names))]
	if _, present := obj[name]; present && !contains(st.schema.Required, name) {
		delete(obj, name)
		return
	}
	obj[name] = g.value(st.schema.Properties[name], 1)
}
