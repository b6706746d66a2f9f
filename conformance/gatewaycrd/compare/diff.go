package compare

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// Difference is one place where the generated and the released CRD differ.
type Difference struct {
	File, Path string
	// Generated and Released are the values, "" where one has none.
	Generated, Released string
}

func (d Difference) String() string {
	return fmt.Sprintf("%s %s: generated %s, released %s", d.File, d.Path, orNone(d.Generated), orNone(d.Released))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// diff lists the differences between two JSON values. Keys are compared
// as sets (key order is not compared), lists item by item, and the
// versions of a CRD by name.
func diff(file, path string, gen, rel any, out *[]Difference) {
	switch g := gen.(type) {
	case map[string]any:
		if r, ok := rel.(map[string]any); ok {
			diffObjects(file, path, g, r, out)
			return
		}
	case []any:
		if r, ok := rel.([]any); ok && len(g) == len(r) {
			for i := range g {
				diff(file, fmt.Sprintf("%s[%s]", path, itemName(g[i], i)), g[i], r[i], out)
			}
			return
		}
	}
	if !reflect.DeepEqual(gen, rel) {
		*out = append(*out, Difference{File: file, Path: path, Generated: show(gen), Released: show(rel)})
	}
}

func diffObjects(file, path string, g, r map[string]any, out *[]Difference) {
	keys := map[string]bool{}
	for k := range g {
		keys[k] = true
	}
	for k := range r {
		keys[k] = true
	}
	for _, k := range sortedKeys(keys) {
		if path == ".spec" && k == "versions" {
			diffVersions(file, g[k], r[k], out)
			continue
		}
		diff(file, path+"."+k, g[k], r[k], out)
	}
}

// diffVersions pairs versions by name: a version missing from one side is
// one difference, and order is compared on its own.
func diffVersions(file string, gen, rel any, out *[]Difference) {
	byName := func(v any) (map[string]any, []any) {
		m := map[string]any{}
		var names []any
		list, _ := v.([]any)
		for _, x := range list {
			name := x.(map[string]any)["name"]
			m[fmt.Sprint(name)] = x
			names = append(names, name)
		}
		return m, names
	}
	g, gNames := byName(gen)
	r, rNames := byName(rel)
	diff(file, ".spec.versions[*].name", gNames, rNames, out)
	for _, name := range sortedKeys(union(g, r)) {
		diff(file, ".spec.versions["+name+"]", g[name], r[name], out)
	}
}

// itemName shows a list item in a path: a version by its name, else the
// index.
func itemName(item any, i int) string {
	if m, ok := item.(map[string]any); ok {
		if n, ok := m["name"].(string); ok {
			return n
		}
	}
	return fmt.Sprint(i)
}

func show(v any) string {
	if v == nil {
		return ""
	}
	data, _ := json.Marshal(v)
	if len(data) > 160 {
		return string(data[:160]) + "..."
	}
	return string(data)
}

func union(a, b map[string]any) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
