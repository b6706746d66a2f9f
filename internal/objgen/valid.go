package objgen

import (
	"math"

	"github.com/kval-dev/kval/schema"
)

// validString builds a string satisfying enum, format, pattern and lengths.
func (g *Generator) validString(s *schema.Schema) any {
	minLen, maxLen := lengthBounds(s)
	if samples, ok := formatSamples[normalizeFormat(s.Format)]; ok && s.Pattern == "" {
		var fitting []string
		for _, v := range samples {
			if n := len([]rune(v)); n >= minLen && (maxLen < 0 || n <= maxLen) {
				fitting = append(fitting, v)
			}
		}
		if len(fitting) > 0 {
			return fitting[g.rnd.Intn(len(fitting))]
		}
	}
	if v, ok := g.stringFor(s.Pattern, minLen, maxLen); ok {
		return v
	}
	return g.plainString(minLen, maxLen)
}

func lengthBounds(s *schema.Schema) (minLen, maxLen int) {
	maxLen = -1
	if s.MinLength != nil {
		minLen = int(min(*s.MinLength, 64))
	}
	if s.MaxLength != nil {
		maxLen = int(max(min(*s.MaxLength, math.MaxInt32), 0))
	}
	return minLen, maxLen
}

// validInteger picks an integer within the bounds (and int32 for that
// format), a multiple of multipleOf when it is an integer.
func (g *Generator) validInteger(s *schema.Schema) any {
	lo, hi := float64(-1000), float64(1000)
	if s.Format == "int32" {
		lo, hi = math.MinInt32, math.MaxInt32
	}
	if s.Minimum != nil {
		lo = *s.Minimum
		if s.ExclusiveMinimum {
			lo = math.Floor(lo) + 1
		}
	}
	if s.Maximum != nil {
		hi = *s.Maximum
		if s.ExclusiveMaximum {
			hi = math.Ceil(hi) - 1
		}
	}
	lo, hi = math.Ceil(lo), math.Floor(hi)
	if hi > lo+2000 {
		hi = lo + 2000
	}
	if hi < lo {
		return int64(lo)
	}
	v := int64(lo) + g.rnd.Int63n(int64(hi-lo)+1)
	if m := s.MultipleOf; m != nil && *m >= 1 && *m == math.Trunc(*m) {
		step := int64(*m)
		v -= v % step
		if float64(v) < lo {
			v += step
		}
	}
	return v
}

// validNumber picks a number within the bounds, in steps of multipleOf (or 1/8).
func (g *Generator) validNumber(s *schema.Schema) any {
	lo, hi := -100.0, 100.0
	if s.Minimum != nil {
		lo = *s.Minimum
	}
	if s.Maximum != nil {
		hi = *s.Maximum
	}
	step := 0.125
	if s.MultipleOf != nil && *s.MultipleOf > 0 {
		step = *s.MultipleOf
	}
	first := math.Ceil(lo/step) * step
	if s.ExclusiveMinimum && first == lo {
		first += step
	}
	steps := int64(math.Min((hi-first)/step, 1000))
	if steps < 0 {
		return first
	}
	v := first + float64(g.rnd.Int63n(steps+1))*step
	if s.ExclusiveMaximum && v >= hi {
		v -= step
	}
	return v
}

// refine resolves allOf, anyOf and oneOf for generation: the chosen branches'
// keywords are laid over a copy of s, so that the value satisfies them. not
// is left alone.
func (g *Generator) refine(s *schema.Schema) *schema.Schema {
	if len(s.AllOf) == 0 && len(s.AnyOf) == 0 && len(s.OneOf) == 0 {
		return s
	}
	out := *s
	out.AllOf, out.AnyOf, out.OneOf = nil, nil, nil
	for _, b := range s.AllOf {
		overlay(&out, g.refine(b))
	}
	for _, list := range [][]*schema.Schema{s.AnyOf, s.OneOf} {
		if len(list) > 0 {
			overlay(&out, g.refine(list[g.rnd.Intn(len(list))]))
		}
	}
	return &out
}

// overlay copies the value keywords b sets onto s; properties are merged.
func overlay(s *schema.Schema, b *schema.Schema) {
	if b.Format != "" {
		s.Format = b.Format
	}
	if b.Pattern != "" {
		s.Pattern = b.Pattern
	}
	if len(b.Enum) > 0 {
		s.Enum = b.Enum
	}
	for _, p := range []struct{ dst, src **int64 }{
		{&s.MaxLength, &b.MaxLength}, {&s.MinLength, &b.MinLength}, {&s.MaxItems, &b.MaxItems},
		{&s.MinItems, &b.MinItems}, {&s.MaxProperties, &b.MaxProperties}, {&s.MinProperties, &b.MinProperties},
	} {
		if *p.src != nil {
			*p.dst = *p.src
		}
	}
	for _, p := range []struct{ dst, src **float64 }{
		{&s.Maximum, &b.Maximum}, {&s.Minimum, &b.Minimum}, {&s.MultipleOf, &b.MultipleOf},
	} {
		if *p.src != nil {
			*p.dst = *p.src
		}
	}
	s.Required = append(append([]string(nil), s.Required...), b.Required...)
	if len(b.Properties) > 0 {
		props := make(map[string]*schema.Schema, len(s.Properties))
		for k, v := range s.Properties {
			props[k] = v
		}
		for k, v := range b.Properties {
			if base, ok := props[k]; ok {
				// The branch's property schema joins the property's own as an
				// allOf member, so refine resolves its composition too.
				merged := *base
				merged.AllOf = append(append([]*schema.Schema(nil), base.AllOf...), v)
				props[k] = &merged
			}
		}
		s.Properties = props
	}
}

// validObject builds an object with every required property, optional ones
// by chance, and additionalProperties entries, within min/maxProperties.
func (g *Generator) validObject(s *schema.Schema, depth int) map[string]any {
	obj := map[string]any{}
	var optional []string
	for _, name := range sortedNames(s.Properties) {
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
	for _, name := range sortedNames(s.Properties) {
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
		for _, k := range sortedKeys(obj) {
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

func (g *Generator) validScalar(s *schema.Schema) any {
	switch s.Type {
	case "string":
		return g.validString(s)
	case "integer":
		return g.validInteger(s)
	case "number":
		return g.validNumber(s)
	}
	return g.scalar(s.Type)
}

// constrainsByNot reports whether a schema (or a branch laid over it) has a
// not: such a property is always generated, so that its default, which may
// be what not excludes, does not stand in for it.
func constrainsByNot(s *schema.Schema) bool {
	if s.Not != nil {
		return true
	}
	for _, b := range s.AllOf {
		if constrainsByNot(b) {
			return true
		}
	}
	return false
}

// valueAvoidingNot generates a value and retries a few times while it is a
// member of an enum that not excludes (the form not takes in practice).
func (g *Generator) valueAvoidingNot(s *schema.Schema, depth int) any {
	v := g.value(s, depth)
	for try := 0; try < 5 && excludedByNot(s, v); try++ {
		v = g.value(s, depth)
	}
	return v
}

func excludedByNot(s *schema.Schema, v any) bool {
	if s.Not != nil && len(s.Not.Enum) > 0 && containsValue(s.Not.Enum, v) {
		return true
	}
	for _, b := range s.AllOf {
		if excludedByNot(b, v) {
			return true
		}
	}
	return false
}
