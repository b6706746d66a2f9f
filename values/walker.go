package values

import (
	"fmt"
	"unicode/utf8"

	"github.com/kval-dev/kval/internal/walkstop"
)

// walker holds the state of one validation: the path to the current value
// and the failures so far. Walkers are pooled; a Validator's nodes are shared.
type walker struct {
	segs      []segment
	errs      []failure
	ratcheted []failure
	// failures counts every failure, recorded or not; probing > 0 while
	// composition branches are probed.
	failures int
	probing  int
	// stop ends the walk once the request's context ends.
	stop walkstop.Stopper
}

// validate runs kube-openapi's schema validator for one node on v and
// returns kube-openapi's match count of the validation (which anyOf and oneOf
// use to pick the errors they report).
//
// When old is correlated (hasOld), errors found in this subtree are
// ratcheted if v is unchanged from old. changed reports that v is known to
// differ from old, so that ancestors need not compare again.
//
// Once the walk is stopped, nothing more is validated, and the value counts
// as changed so that no ancestor compares it with the old value.
func (w *walker) validate(n *node, v any, old any, hasOld bool) (matches int, changed bool) {
	if w.stop.Ended() {
		return 0, true
	}
	start := len(w.errs)
	k := kindOf(v)
	childChanged := false
	if k == kindNull {
		matches = w.validateNull(n)
	} else {
		matches, childChanged = w.validateValue(n, v, k, old, hasOld)
	}
	if hasOld && len(w.errs) > start {
		if !childChanged && unchanged(n, v, old) {
			w.ratcheted = append(w.ratcheted, w.errs[start:]...)
			clear(w.errs[start:])
			w.errs = w.errs[:start]
		} else {
			changed = true
		}
	}
	return matches, changed || childChanged
}

// validateNull runs what kube-openapi runs on null: the type validator
// (whether or not a type is declared) and enum.
func (w *walker) validateNull(n *node) int {
	matches := 1
	if typeName, got, ok := n.typeMismatch(nil, kindNull); !ok {
		if w.failing() {
			w.recordType(typeName, got)
		}
		matches = 0
	}
	if n.enum != nil && w.failing() {
		w.recordEnum(n.enum, nil)
	}
	return matches
}

// validateValue runs kube-openapi's validators in their order: type,
// composition, string, format, number, array, enum, object. Which of them
// run depends on the value's kind, not on the declared type.
func (w *walker) validateValue(n *node, v any, k kind, old any, hasOld bool) (matches int, changed bool) {
	matches = 1
	if n.checksType {
		matches++
		if typeName, got, ok := n.typeMismatch(v, k); ok {
			matches++
		} else if w.failing() {
			w.recordType(typeName, got)
		}
	}
	matches += 2
	if n.hasComposition {
		matches += w.validateComposition(n, v)
	}
	var children int
	switch k {
	case kindString:
		s := v.(string)
		matches++
		if n.str != nil {
			w.checkString(n.str, s)
		}
		if n.formatCheck != nil {
			matches++
			if !n.formatCheck(s) && w.failing() {
				w.recordTypeValue(s, typeMessage(w.name(), n.format, s))
			}
		}
	case kindInteger, kindNumber:
		matches += 2
		if n.num != nil {
			w.checkNumber(n.num, v)
		}
	case kindArray:
		children, changed = w.validateArray(n, v.([]any), old, hasOld)
		matches += children + 2
	}
	matches++
	if n.enum != nil && !n.enum.matches(v) && w.failing() {
		w.recordEnum(n.enum, v)
	}
	if k == kindObject {
		children, changed = w.validateObject(n, v.(map[string]any), old, hasOld)
		matches += children + 1
	}
	return matches, changed
}

// checkString runs kube-openapi's string validator: maxLength, minLength
// (in characters), then pattern; only the first failure is reported.
func (w *walker) checkString(r *stringRules, s string) {
	switch {
	case r.hasMax && int64(len(s)) > r.maxLength && int64(utf8.RuneCountInString(s)) > r.maxLength:
		if w.failing() {
			w.recordTooLong(r.maxLength)
		}
	case r.hasMin && (int64(len(s)) < r.minLength || int64(utf8.RuneCountInString(s)) < r.minLength):
		if w.failing() {
			w.recordInvalid(s, fmt.Sprintf("%s in body should be at least %d chars long", w.name(), r.minLength))
		}
	case r.hasPattern && (r.pattern == nil || !r.pattern.MatchString(s)):
		if w.failing() {
			w.recordInvalid(s, fmt.Sprintf("%s in body should match '%s'", w.name(), r.patternText))
		}
	}
}

// name renders kube-openapi's name of the current value.
func (w *walker) name() string { return renderName(w.segs) }

func (w *walker) push(s segment) { w.segs = append(w.segs, s) }
func (w *walker) pop()           { w.segs = w.segs[:len(w.segs)-1] }
