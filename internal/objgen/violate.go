package objgen

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// Violation says what Violate broke.
type Violation struct {
	Path    string // e.g. spec.rules[0].name
	Keyword string // the keyword broken: type, null, enum, maxLength, pattern, required, ...
}

func (v Violation) String() string { return v.Keyword + " at " + v.Path }

// site is a value of an object with its schema and where it sits.
type site struct {
	path   string
	schema *schema.Schema
	value  any
	set    func(any) // replaces the value; nil for the root
}

// Violate breaks one value keyword at a random place of obj, in place, and
// reports what it broke. It reports false when it found nothing to break.
// The object may break more than that keyword (a longer string may no longer
// match its pattern), and a composition may still accept it.
func (g *Generator) Violate(s *schema.Schema, obj map[string]any) (Violation, bool) {
	sites := g.sites(s, obj)
	for tries := 0; tries < 20 && len(sites) > 0; tries++ {
		st := sites[g.rnd.Intn(len(sites))]
		kws := violations(st)
		if len(kws) == 0 {
			continue
		}
		kw := kws[g.rnd.Intn(len(kws))]
		if g.breakKeyword(st, kw) {
			return Violation{Path: st.path, Keyword: kw}, true
		}
	}
	return Violation{}, false
}

// sites lists the values of obj that have a schema, the root first.
func (g *Generator) sites(s *schema.Schema, obj map[string]any) []site {
	var out []site
	var walk func(path string, s *schema.Schema, v any, set func(any))
	walk = func(path string, s *schema.Schema, v any, set func(any)) {
		if s == nil {
			return
		}
		out = append(out, site{path: path, schema: s, value: v, set: set})
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				child := s.FieldSchema(k)
				if path == "" && (k == "apiVersion" || k == "kind" || k == "metadata") {
					continue
				}
				walk(joinPath(path, k), child, v[k], func(x any) { v[k] = x })
			}
		case []any:
			for i := range v {
				walk(fmt.Sprintf("%s[%d]", path, i), s.Items, v[i], func(x any) { v[i] = x })
			}
		}
	}
	walk("", s, obj, nil)
	return out
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// violations lists the keywords that can be broken at a site.
func violations(st site) []string {
	s := st.schema
	var out []string
	add := func(ok bool, kw string) {
		if ok {
			out = append(out, kw)
		}
	}
	replaceable := st.set != nil
	add(replaceable && (s.Type != "" || s.IntOrString), "type")
	add(replaceable && !s.Nullable && (s.Type != "" || s.IntOrString), "null")
	add(replaceable && len(s.Enum) > 0, "enum")
	add(replaceable && s.MaxLength != nil && *s.MaxLength < 300, "maxLength")
	add(replaceable && s.MinLength != nil && *s.MinLength > 0, "minLength")
	add(replaceable && s.Pattern != "", "pattern")
	add(replaceable && s.Format != "", "format")
	add(replaceable && s.Maximum != nil, "maximum")
	add(replaceable && s.Minimum != nil, "minimum")
	add(replaceable && s.MultipleOf != nil, "multipleOf")
	add(replaceable && (len(s.AnyOf) > 0 || len(s.OneOf) > 0 || s.Not != nil || len(s.AllOf) > 0), "composition")
	list, isList := st.value.([]any)
	add(isList && s.MaxItems != nil && *s.MaxItems < 100, "maxItems")
	add(isList && s.MinItems != nil && *s.MinItems > 0 && len(list) > 0, "minItems")
	add(isList && len(list) > 0 && (s.UniqueItems || s.IsSetList()), "uniqueItems")
	add(isList && len(list) > 0 && s.IsMapList(), "listMapKeys")
	add(isList && s.IsMapList(), "listMapItem")
	obj, isObj := st.value.(map[string]any)
	add(isObj && hasAny(obj, s.Required), "required")
	add(isObj && s.MaxProperties != nil && *s.MaxProperties < 100, "maxProperties")
	add(isObj && s.MinProperties != nil && *s.MinProperties > 0 && len(obj) > 0, "minProperties")
	add(isObj && s.AdditionalProperties != nil && !s.AdditionalProperties.Allows, "additionalProperties")
	return out
}

func hasAny(obj map[string]any, keys []string) bool {
	for _, k := range keys {
		if _, ok := obj[k]; ok {
			return true
		}
	}
	return false
}

func (g *Generator) breakKeyword(st site, kw string) bool {
	s := st.schema
	switch kw {
	case "type":
		st.set(g.wrongType(s, 0))
	case "null":
		st.set(nil)
	case "enum":
		st.set(g.notInEnum(s.Enum))
	case "maxLength":
		st.set(strings.Repeat("x", int(*s.MaxLength)+1+g.rnd.Intn(3)))
	case "minLength":
		st.set(strings.Repeat("x", g.rnd.Intn(int(min(*s.MinLength, 300)))))
	case "pattern":
		return g.breakPattern(st)
	case "format", "composition":
		st.set(formatBreakers[g.rnd.Intn(len(formatBreakers))])
	case "maximum":
		st.set(beyond(s, *s.Maximum, 1))
	case "minimum":
		st.set(beyond(s, *s.Minimum, -1))
	case "multipleOf":
		st.set(notMultiple(s, *s.MultipleOf))
	default:
		return g.breakContainer(st, kw)
	}
	return true
}

func (g *Generator) breakContainer(st site, kw string) bool {
	s := st.schema
	switch kw {
	case "maxItems":
		list := st.value.([]any)
		for int64(len(list)) <= *s.MaxItems {
			list = append(list, g.value(s.Items, 1))
		}
		st.set(list)
	case "minItems":
		st.set(st.value.([]any)[:min(int(*s.MinItems)-1, len(st.value.([]any)))])
	case "uniqueItems", "listMapKeys":
		list := st.value.([]any)
		st.set(append(list, deepCopy(list[g.rnd.Intn(len(list))])))
	case "listMapItem":
		st.set(append(st.value.([]any), "not an object"))
	case "required":
		obj := st.value.(map[string]any)
		for _, k := range s.Required {
			if _, ok := obj[k]; ok {
				delete(obj, k)
				return true
			}
		}
		return false
	case "maxProperties", "additionalProperties":
		obj := st.value.(map[string]any)
		for int64(len(obj)) <= maxProps(s) {
			obj[g.freshKey(obj)] = g.value(s.AdditionalPropertiesSchema(), 1)
		}
	case "minProperties":
		obj := st.value.(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(obj)) {
			if int64(len(obj)) < *s.MinProperties {
				break
			}
			delete(obj, k)
		}
	default:
		return false
	}
	return true
}

func maxProps(s *schema.Schema) int64 {
	if s.MaxProperties != nil {
		return *s.MaxProperties
	}
	return -1
}

func (g *Generator) notInEnum(enum []any) any {
	for _, candidate := range []any{"not-a-member", int64(987654), 0.5, true, map[string]any{}} {
		if !containsValue(enum, candidate) {
			return candidate
		}
	}
	return nil
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if sameValue(x, v) {
			return true
		}
	}
	return false
}

func (g *Generator) breakPattern(st site) bool {
	re, err := regexp.Compile(st.schema.Pattern)
	if err != nil {
		return false
	}
	start := g.rnd.Intn(len(formatBreakers))
	for i := range formatBreakers {
		candidate := formatBreakers[(start+i)%len(formatBreakers)]
		if !re.MatchString(candidate) {
			st.set(candidate)
			return true
		}
	}
	return false
}

// beyond is a number just past a bound (dir 1: above, -1: below), of the
// schema's numeric type.
func beyond(s *schema.Schema, bound float64, dir float64) any {
	if s.Type == "integer" {
		v := math.Floor(bound) + dir
		if dir < 0 {
			v = math.Ceil(bound) + dir
		}
		return int64(v)
	}
	return bound + dir*0.5
}

func notMultiple(s *schema.Schema, m float64) any {
	if s.Type == "integer" {
		return int64(math.Trunc(m)*3 + 1)
	}
	return m*3 + m/3
}

// deepCopy copies a JSON value.
func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = deepCopy(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = deepCopy(x)
		}
		return out
	}
	return v
}
