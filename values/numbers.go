package values

import (
	"fmt"
	"math"
	"strconv"
)

// numberRules are the numeric keywords of a node, with kube-openapi's range
// checks: a value, and each bound, must be convertible without loss to the
// declared numeric type and format (integer: int64 or int32; number with
// format float: float32).
type numberRules struct {
	rangeType, rangeFormat string // set only for a single declared type integer or number

	multipleOf, maximum, minimum          float64
	hasMultipleOf, hasMaximum, hasMinimum bool
	exclusiveMaximum, exclusiveMinimum    bool

	// A bound out of the declared range is reported ("Maximum boundary value
	// must be of type integer ...") and then compared as a float. These hold
	// the report without its trailing " in <path>"; empty when the bound fits.
	multipleOfRange, maximumRange, minimumRange string
}

func compileNumbers(s numberKeywords, types []string, format string) *numberRules {
	r := &numberRules{}
	if len(types) == 1 {
		switch types[0] {
		case "integer":
			r.rangeType = "integer"
			if format == "int32" || format == "int64" {
				r.rangeFormat = format
			}
		case "number":
			r.rangeType = "number"
			if format == "float" || format == "double" {
				r.rangeFormat = format
			}
		}
	}
	if s.multipleOf != nil {
		r.multipleOf, r.hasMultipleOf = *s.multipleOf, true
		r.multipleOfRange = r.boundRange("MultipleOf", r.multipleOf)
	}
	if s.maximum != nil {
		r.maximum, r.hasMaximum, r.exclusiveMaximum = *s.maximum, true, s.exclusiveMaximum
		r.maximumRange = r.boundRange("Maximum boundary", r.maximum)
	}
	if s.minimum != nil {
		r.minimum, r.hasMinimum, r.exclusiveMinimum = *s.minimum, true, s.exclusiveMinimum
		r.minimumRange = r.boundRange("Minimum boundary", r.minimum)
	}
	if !r.hasMultipleOf && !r.hasMaximum && !r.hasMinimum && !r.checksRange() {
		return nil
	}
	return r
}

type numberKeywords struct {
	multipleOf, maximum, minimum       *float64
	exclusiveMaximum, exclusiveMinimum bool
}

func (r *numberRules) checksRange() bool {
	return r.rangeType == "integer" || (r.rangeType == "number" && r.rangeFormat == "float")
}

func (r *numberRules) boundRange(what string, bound float64) string {
	if r.fits(bound) {
		return ""
	}
	return r.rangeReport(what)
}

// rangeReport is kube-openapi's message for a value out of range, without " in <path>".
func (r *numberRules) rangeReport(what string) string {
	if r.rangeFormat != "" {
		return fmt.Sprintf("%s value must be of type %s with format %s", what, r.rangeType, r.rangeFormat)
	}
	return fmt.Sprintf("%s value must be of type %s (default format)", what, r.rangeType)
}

// fitsInt and fits decide, as kube-openapi does by printing the number and
// parsing it back, whether a number converts without loss.
func (r *numberRules) fitsInt(i int64) bool {
	if r.rangeType == "integer" && r.rangeFormat == "int32" {
		return i >= math.MinInt32 && i <= math.MaxInt32
	}
	return true // int64, and float32's range holds every int64
}

func (r *numberRules) fits(f float64) bool {
	switch {
	case r.rangeType == "integer":
		bits := 64
		if r.rangeFormat == "int32" {
			bits = 32
		}
		if f == math.Trunc(f) && math.Abs(f) < 1<<31 {
			return true
		}
		_, err := strconv.ParseInt(strconv.FormatFloat(f, 'f', -1, 64), 10, bits)
		return err == nil
	case r.rangeType == "number" && r.rangeFormat == "float":
		if math.Abs(f) <= math.MaxFloat32 {
			return true
		}
		_, err := strconv.ParseFloat(strconv.FormatFloat(f, 'f', -1, 64), 32)
		return err == nil
	}
	return true
}
