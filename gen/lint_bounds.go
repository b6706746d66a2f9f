package gen

// bound is what lint knows of a +k8s: bound tag: what it measures of a
// value, and which way it bounds it.
type bound struct {
	measure   measure
	lower     bool // a minimum (else a maximum)
	exclusive bool
}

// measure is what a bound compares with its limit.
type measure int

const (
	numberValue measure = iota
	stringLength
	listItems
	mapEntries
)

// bounds are the bound tags the lints reason about (bounds no value
// passes, loosened restatements, defaults a bound refuses), the one list
// of them: TestBoundTagsAreTheLimits pins it to the generator's limit tags.
var bounds = map[string]bound{
	"k8s:minimum":          {measure: numberValue, lower: true},
	"k8s:maximum":          {measure: numberValue},
	"k8s:exclusiveMinimum": {measure: numberValue, lower: true, exclusive: true},
	"k8s:exclusiveMaximum": {measure: numberValue, exclusive: true},
	"k8s:minLength":        {measure: stringLength, lower: true},
	"k8s:maxLength":        {measure: stringLength},
	"k8s:minItems":         {measure: listItems, lower: true},
	"k8s:maxItems":         {measure: listItems},
	"k8s:minProperties":    {measure: mapEntries, lower: true},
	"k8s:maxProperties":    {measure: mapEntries},
}

// notLinted are the limit tags the lints leave alone: +k8s:maxBytes
// bounds bytes, which no other bound or default check measures.
var notLinted = map[string]bool{"k8s:maxBytes": true}

// upperOf is the inclusive upper bound of the same measure as an inclusive
// lower bound, for "a minimum above the maximum".
func upperOf(name string) (string, bool) {
	b, ok := bounds[name]
	if !ok || !b.lower || b.exclusive {
		return "", false
	}
	for other, o := range bounds {
		if o.measure == b.measure && !o.lower && !o.exclusive {
			return other, true
		}
	}
	return "", false
}

// refuses says whether the bound refuses a value of size under limit.
func (b bound) refuses(size, limit int64) bool {
	switch {
	case b.lower && b.exclusive:
		return size <= limit
	case b.lower:
		return size < limit
	case b.exclusive:
		return size >= limit
	}
	return size > limit
}
