package values

import "regexp"

// node is one compiled schema node: the keywords of a schema.Schema in the
// shape the walker needs them. Nodes are immutable after Compile and shared
// between goroutines.
type node struct {
	typeRule
	str    *stringRules // nil when the node has no string keyword
	num    *numberRules // nil when neither a numeric keyword nor a range check applies
	array  arrayRules
	object objectRules
	enum   *enumRule // nil without enum

	// formatCheck validates strings when the node's format is one kube-openapi's
	// format registry knows; nil otherwise.
	formatCheck func(string) bool

	allOf, anyOf, oneOf []*node
	not                 *node
	hasComposition      bool
}

// typeRule is what kube-openapi's type validator needs: the declared types
// (integer and string for x-kubernetes-int-or-string), nullable, and the
// format left after kube-apiserver strips the formats it does not support.
type typeRule struct {
	types    []string
	typeList string // types joined by ",", as upstream prints them
	typeMask jsonKinds
	nullable bool
	format   string
	// checksType says whether the type validator applies to non-null values.
	checksType bool
}

type stringRules struct {
	maxLength, minLength int64
	hasMax, hasMin       bool
	pattern              *regexp.Regexp
	patternText          string // pattern as written, or with the compile error appended
	hasPattern           bool
}

type arrayRules struct {
	items              *node
	minItems, maxItems int64
	hasMin, hasMax     bool
	unique             bool

	// Correlation of items on update (x-kubernetes-list-type: map).
	isMapList bool
	isArray   bool // type: array, required by upstream's map-list lookup
	mapKeys   []string
	oneMapKey bool
}

type objectRules struct {
	props     []property // sorted by name
	propIndex map[string]*node
	// additional is what additionalProperties says about keys outside properties.
	additional additionalKind
	addSchema  *node
	required   []string
	minProps   int64
	maxProps   int64
	hasMin     bool
	hasMax     bool
}

type property struct {
	name string
	node *node
}

type additionalKind uint8

const (
	additionalAbsent    additionalKind = iota // no keyword: anything goes, nothing validated
	additionalAllowed                         // true
	additionalForbidden                       // false
	additionalSchema                          // a schema validates every other key
)

// jsonKinds is a set of value kinds, one bit per kind.
type jsonKinds uint16

func (s jsonKinds) has(k kind) bool { return s&(1<<k) != 0 }

// kind is the JSON kind of a value, as decoded into Go.
type kind uint8

const (
	kindNull kind = iota
	kindString
	kindInteger // int64
	kindNumber  // float64
	kindBool
	kindArray  // []any
	kindObject // map[string]any
	kindOther  // any other Go type: not a JSON value
)

func kindOf(v any) kind {
	switch v.(type) {
	case nil:
		return kindNull
	case string:
		return kindString
	case int64:
		return kindInteger
	case float64:
		return kindNumber
	case bool:
		return kindBool
	case []any:
		return kindArray
	case map[string]any:
		return kindObject
	}
	return kindOther
}

// jsonTypeNames are kube-openapi's names for the kinds, with the format it
// infers from the Go type (int64 and float64 are the only numbers JSON
// decoding produces).
var jsonTypeNames = [...]struct{ name, format string }{
	kindNull:    {"null", ""},
	kindString:  {"string", ""},
	kindInteger: {"integer", "int64"},
	kindNumber:  {"number", "float64"},
	kindBool:    {"boolean", ""},
	kindArray:   {"array", ""},
	kindObject:  {"object", ""},
	kindOther:   {"", ""},
}
