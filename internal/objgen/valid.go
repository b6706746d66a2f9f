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
