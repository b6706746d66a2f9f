package values

import "strconv"

// failing counts a failure and reports whether to record it. While probing
// composition branches only whether they fail, and their match counts,
// matter; errors are neither built nor recorded.
func (w *walker) failing() bool {
	w.failures++
	return w.probing == 0
}

// The record functions append a failure; callers check failing() first, so
// that nothing is formatted while probing.

func (w *walker) recordType(typeName, got string) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failTypeInvalid, name: name, value: got,
		msg: typeMessage(name, typeName, got)})
}

func (w *walker) recordTypeValue(v any, msg string) {
	w.errs = append(w.errs, failure{kind: failTypeInvalid, name: w.name(), value: v, msg: msg})
}

func (w *walker) recordInvalid(v any, msg string) {
	w.errs = append(w.errs, failure{kind: failInvalid, name: w.name(), value: v, msg: msg})
}

func (w *walker) recordInvalidNamed(name string, v any, msg string) {
	w.errs = append(w.errs, failure{kind: failInvalid, name: name, value: v, msg: msg})
}

func (w *walker) recordUnnamed(msg string) {
	w.errs = append(w.errs, failure{kind: failUnnamed, msg: msg})
}

func (w *walker) recordEnum(r *enumRule, v any) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failNotSupported, name: name, value: v, enum: r,
		msg: name + " in body should be one of " + r.printed})
}

func (w *walker) recordRequired(name string) {
	w.errs = append(w.errs, failure{kind: failRequired, name: name, msg: name + " in body is required"})
}

func (w *walker) recordTooMany(count, limit int64, what string) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failTooMany, name: name, count: count, limit: limit,
		msg: name + " in body should have at most " + strconv.FormatInt(limit, 10) + " " + what})
}

func (w *walker) recordTooLong(limit int64) {
	name := w.name()
	w.errs = append(w.errs, failure{kind: failTooLong, name: name, limit: limit,
		msg: name + " in body should be at most " + strconv.FormatInt(limit, 10) + " chars long"})
}
