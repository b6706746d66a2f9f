package cli

import (
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// kube-apiserver reports the failures of anyOf, oneOf and not with no
// field ("<nil>") and an empty value, naming the field in the detail:
// `<nil>: Invalid value: "": "spec.x" must validate at least one schema
// (anyOf)`. kval's outputs name that field as the error's, with no value,
// so that it is located at its own line.

// nilField is field.Path.String() of the nil path.
const nilField = "<nil>"

// wholeObject names the field of an error about the whole object, which
// kube-apiserver gives no field (CEL rules not checked because the object
// was invalid).
const wholeObject = "(object)"

// namedFields is errs with each error of no field given the field its
// detail names, or (object); errs itself when there is none.
func namedFields(errs field.ErrorList) field.ErrorList {
	out := errs
	for i, e := range errs {
		name := fieldInDetail(e)
		if name == "" && e.Field == nilField {
			name = wholeObject
		}
		if name == "" {
			continue
		}
		if &out[0] == &errs[0] {
			out = slices.Clone(errs)
		}
		named := *e
		named.Field, named.BadValue = name, field.OmitValueType{}
		out[i] = &named
	}
	return out
}

// fieldInDetail is the quoted field that begins the detail of an error of
// no field; "" when there is none.
func fieldInDetail(e *field.Error) string {
	if e.Field != nilField || !strings.HasPrefix(e.Detail, `"`) {
		return ""
	}
	quoted, err := strconv.QuotedPrefix(e.Detail)
	if err != nil {
		return ""
	}
	name, _ := strconv.Unquote(quoted)
	return name
}
