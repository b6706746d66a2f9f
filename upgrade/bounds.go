package upgrade

import (
	"fmt"

	"github.com/kval-dev/kval/schema"
)

// bound is one numeric keyword; upper bounds tighten when they go down,
// lower bounds when they go up.
type bound struct {
	name  string
	upper bool
	get   func(s *schema.Schema) *float64
}

var bounds = []bound{
	{"maximum", true, func(s *schema.Schema) *float64 { return s.Maximum }},
	{"minimum", false, func(s *schema.Schema) *float64 { return s.Minimum }},
	{"maxLength", true, intBound(func(s *schema.Schema) *int64 { return s.MaxLength })},
	{"minLength", false, intBound(func(s *schema.Schema) *int64 { return s.MinLength })},
	{"maxItems", true, intBound(func(s *schema.Schema) *int64 { return s.MaxItems })},
	{"minItems", false, intBound(func(s *schema.Schema) *int64 { return s.MinItems })},
	{"maxProperties", true, intBound(func(s *schema.Schema) *int64 { return s.MaxProperties })},
	{"minProperties", false, intBound(func(s *schema.Schema) *int64 { return s.MinProperties })},
}

func intBound(get func(s *schema.Schema) *int64) func(s *schema.Schema) *float64 {
	return func(s *schema.Schema) *float64 {
		if v := get(s); v != nil {
			f := float64(*v)
			return &f
		}
		return nil
	}
}

// bounds reports bounds that were added or moved, comparing the effective
// bounds (allOf's included).
func (d *differ) bounds(old, now *schema.Schema, path string) {
	for _, b := range bounds {
		before, after := effectiveBound(b, old), effectiveBound(b, now)
		switch {
		case after == nil && before != nil:
			d.add(Info, BoundRelaxed, path, "%s %s removed", b.name, format(before))
		case after == nil:
		case before == nil:
			d.add(Warning, BoundTightened, path, "%s %s added", b.name, format(after))
		case *after != *before && (*after < *before) == b.upper:
			d.add(Warning, BoundTightened, path, "%s tightened from %s to %s", b.name, format(before), format(after))
		case *after != *before:
			d.add(Info, BoundRelaxed, path, "%s relaxed from %s to %s", b.name, format(before), format(after))
		}
	}
	d.exclusive(old, now, path)
}

// exclusive reports a maximum or minimum that became exclusive.
func (d *differ) exclusive(old, now *schema.Schema, path string) {
	if now.ExclusiveMaximum && !old.ExclusiveMaximum && now.Maximum != nil {
		d.add(Warning, BoundTightened, path, "maximum became exclusive")
	}
	if now.ExclusiveMinimum && !old.ExclusiveMinimum && now.Minimum != nil {
		d.add(Warning, BoundTightened, path, "minimum became exclusive")
	}
}

func format(f *float64) string { return fmt.Sprintf("%g", *f) }
