package values

import (
	"math"
	"strconv"
)

// typeMismatch decides kube-openapi's type check of a value. It returns ok,
// or the type name and the value kube-openapi puts in its error: for most
// mismatches the declared types and the value's JSON type, but when a
// format is declared and the value is neither a string nor an array, the
// format and the Go format of the value ("int64", "float64" or "").
func (t *typeRule) typeMismatch(v any, k kind) (typeName, got string, ok bool) {
	if k == kindNull {
		if len(t.types) > 0 && !t.typeMask.has(kindNull) && !t.nullable {
			return t.typeList, "null", false
		}
		return "", "", true
	}
	actual := jsonTypeNames[k]
	floatInt := k == kindNumber && t.typeMask.has(kindInteger) && isJSONInteger(v.(float64))
	intFloat := k == kindInteger && t.typeMask.has(kindNumber)
	accepted := t.typeMask.has(k) || floatInt || intFloat
	if k != kindString && k != kindArray && t.format != "" && !(accepted || actual.format == t.format) {
		return t.format, actual.format, false
	}
	// A format on a non-numeric type lets strings and arrays pass unchecked.
	if !t.typeMask.has(kindInteger) && !t.typeMask.has(kindNumber) && t.format != "" && (k == kindString || k == kindArray) {
		return "", "", true
	}
	if !accepted {
		return t.typeList, actual.name, false
	}
	return "", "", true
}

// isJSONInteger reports whether f is an integer in [-2^53+1, 2^53-1], allowing
// a relative rounding error of 1e-9, as go-openapi's IsFloat64AJSONInteger.
func isJSONInteger(f float64) bool {
	const maxSafe = float64(1<<53 - 1)
	if math.IsNaN(f) || math.IsInf(f, 0) || f < -maxSafe || f > maxSafe {
		return false
	}
	rounded := math.Round(f)
	if f == rounded {
		return true
	}
	if rounded == 0 {
		return false
	}
	diff := math.Abs(f - rounded)
	return diff == 0 || diff < 1e-9*math.Abs(rounded)
}

func typeMessage(name, typeName, got string) string {
	return name + " in body must be of type " + typeName + ": " + strconv.Quote(got)
}
