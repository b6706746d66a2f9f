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

// checkNumber runs kube-openapi's number validator: the value's range, then
// multipleOf, minimum and maximum.
func (w *walker) checkNumber(r *numberRules, v any, k kind) {
	i, isInt := v.(int64)
	f, _ := v.(float64)
	if isInt {
		f = float64(i)
	}
	if r.checksRange() && !(isInt && r.fitsInt(i) || !isInt && r.fits(f)) && w.failing() {
		w.recordUnnamed(r.rangeReport("Checked") + " in " + w.name())
	}
	if r.hasMultipleOf {
		w.checkMultipleOf(r, v, isInt, i, f)
	}
	if r.hasMinimum {
		w.checkBound(r.minimum, r.exclusiveMinimum, r.minimumRange, isInt, i, f, v, belowMinimum)
	}
	if r.hasMaximum {
		w.checkBound(r.maximum, r.exclusiveMaximum, r.maximumRange, isInt, i, f, v, aboveMaximum)
	}
}

func (w *walker) checkMultipleOf(r *numberRules, v any, isInt bool, i int64, f float64) {
	if r.multipleOfRange != "" && w.failing() {
		w.recordUnnamed(r.multipleOfRange + " in " + w.name())
	}
	if isInt && r.multipleOfRange == "" {
		factor := int64(r.multipleOf)
		switch {
		case factor <= 0:
			w.failFactor(factor)
		case i%factor != 0 && w.failing():
			w.recordInvalid(v, fmt.Sprintf("%s in body should be a multiple of %v", w.name(), factor))
		}
		return
	}
	factor := r.multipleOf
	if factor <= 0 {
		w.failFactor(factor)
		return
	}
	mult := f / factor
	if factor < 1 {
		mult = 1 / factor * f
	}
	if !isJSONInteger(mult) && w.failing() {
		w.recordInvalid(f, fmt.Sprintf("%s in body should be a multiple of %v", w.name(), factor))
	}
}

func (w *walker) failFactor(factor any) {
	if w.failing() {
		w.recordInvalid(factor, fmt.Sprintf("factor MultipleOf declared for %s must be positive: %v", w.name(), factor))
	}
}

type boundSide struct {
	inclusive, exclusive string
	violates             func(v, bound float64, exclusive bool) bool
	violatesInt          func(v, bound int64, exclusive bool) bool
}

var aboveMaximum = &boundSide{
	inclusive:   "should be less than or equal to",
	exclusive:   "should be less than",
	violates:    func(v, b float64, ex bool) bool { return v > b || ex && v == b },
	violatesInt: func(v, b int64, ex bool) bool { return v > b || ex && v == b },
}

var belowMinimum = &boundSide{
	inclusive:   "should be greater than or equal to",
	exclusive:   "should be greater than",
	violates:    func(v, b float64, ex bool) bool { return v < b || ex && v == b },
	violatesInt: func(v, b int64, ex bool) bool { return v < b || ex && v == b },
}

// checkBound compares an integer with the bound truncated to an integer, as
// kube-openapi does when the bound fits the declared type, and compares as
// floats otherwise (reporting the value as a float).
func (w *walker) checkBound(bound float64, exclusive bool, rangeReport string, isInt bool, i int64, f float64, v any, side *boundSide) {
	if rangeReport != "" && w.failing() {
		w.recordUnnamed(rangeReport + " in " + w.name())
	}
	var printed, bad any
	switch {
	case isInt && rangeReport == "":
		b := int64(bound)
		if !side.violatesInt(i, b, exclusive) {
			return
		}
		printed, bad = b, v
	default:
		if !side.violates(f, bound, exclusive) {
			return
		}
		printed, bad = bound, f
	}
	if !w.failing() {
		return
	}
	text := side.inclusive
	if exclusive {
		text = side.exclusive
	}
	w.recordInvalid(bad, fmt.Sprintf("%s in body %s %v", w.name(), text, printed))
}
