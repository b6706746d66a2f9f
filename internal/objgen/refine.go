package objgen

import "github.com/kval-dev/kval/schema"

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
