package values

import "fmt"

// checkNumber runs kube-openapi's number validator: the value's range, then
// multipleOf, minimum and maximum.
func (w *walker) checkNumber(r *numberRules, v any) {
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
