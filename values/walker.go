package values

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// walker holds the state of one validation: the path to the current value
// and the failures so far. Walkers are pooled; a Validator's nodes are shared.
type walker struct {
	segs      []segment
	errs      []failure
	ratcheted []failure
}

// validate runs kube-openapi's schema validator for one node on v and
// returns kube-openapi's match count of the validation (which anyOf and oneOf
// use to pick the errors they report).
//
// When old is correlated (hasOld), errors found in this subtree are
// ratcheted if v is unchanged from old. changed reports that v is known to
// differ from old, so that ancestors need not compare again.
func (w *walker) validate(n *node, v any, old any, hasOld bool) (matches int, changed bool) {
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
		w.failType(nil, typeName, got)
		matches = 0
	}
	if n.enum != nil {
		w.failEnum(n.enum, nil)
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
		} else {
			w.failType(v, typeName, got)
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
			if !n.formatCheck(s) {
				w.failTypeValue(s, typeMessage(w.name(), n.format, s))
			}
		}
	case kindInteger, kindNumber:
		matches += 2
		if n.num != nil {
			w.checkNumber(n.num, v, k)
		}
	case kindArray:
		children, changed = w.validateArray(n, v.([]any), old, hasOld)
		matches += children + 2
	}
	matches++
	if n.enum != nil && !n.enum.matches(v) {
		w.failEnum(n.enum, v)
	}
	if k == kindObject {
		children, changed = w.validateObject(n, v.(map[string]any), old, hasOld)
		matches += children + 1
	}
	return matches, changed
}

func (w *walker) checkString(r *stringRules, s string) {
	if r.hasMax && int64(len(s)) > r.maxLength && int64(utf8.RuneCountInString(s)) > r.maxLength {
		name := w.name()
		w.errs = append(w.errs, failure{kind: failTooLong, name: name, limit: r.maxLength,
			msg: fmt.Sprintf("%s in body should be at most %d chars long", name, r.maxLength)})
		return
	}
	if r.hasMin && int64(len(s)) < r.minLength || r.hasMin && int64(utf8.RuneCountInString(s)) < r.minLength {
		w.failInvalid(s, fmt.Sprintf("%s in body should be at least %d chars long", w.name(), r.minLength))
		return
	}
	if r.hasPattern && (r.pattern == nil || !r.pattern.MatchString(s)) {
		w.failInvalid(s, fmt.Sprintf("%s in body should match '%s'", w.name(), r.patternText))
	}
}

// name renders kube-openapi's name of the current value.
func (w *walker) name() string { return renderName(w.segs) }

func (w *walker) push(s segment) { w.segs = append(w.segs, s) }
func (w *walker) pop()           { w.segs = w.segs[:len(w.segs)-1] }

func (w *walker) failType(v any, typeName, got string) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failTypeInvalid, name: name, value: got,
		msg: typeMessage(name, typeName, got)})
}

func (w *walker) failTypeValue(v any, msg string) {
	w.errs = append(w.errs, failure{kind: failTypeInvalid, name: w.name(), value: v, msg: msg})
}

func (w *walker) failInvalid(v any, msg string) {
	w.errs = append(w.errs, failure{kind: failInvalid, name: w.name(), value: v, msg: msg})
}

func (w *walker) failInvalidNamed(name string, v any, msg string) {
	w.errs = append(w.errs, failure{kind: failInvalid, name: name, value: v, msg: msg})
}

func (w *walker) failUnnamed(msg string) {
	w.errs = append(w.errs, failure{kind: failUnnamed, msg: msg})
}

func (w *walker) failEnum(r *enumRule, v any) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failNotSupported, name: name, value: v, enum: r,
		msg: name + " in body should be one of " + r.printed})
}

func (w *walker) failRequired(name string) {
	w.errs = append(w.errs, failure{kind: failRequired, name: name, msg: name + " in body is required"})
}

func (w *walker) failTooMany(name string, count, limit int64, what string) {
	w.errs = append(w.errs, failure{kind: failTooMany, name: name, count: count, limit: limit,
		msg: name + " in body should have at most " + strconv.FormatInt(limit, 10) + " " + what})
}
