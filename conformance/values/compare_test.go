package values

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// diffErrors compares two error lists and describes the differences; "" when
// they are identical. Upstream visits object properties and keys in Go's
// random map order, so both lists are put in a canonical order first: by
// field, keeping the order of errors at the same field (which upstream
// produces deterministically), except for the errors whose relative order
// at one field comes from that random iteration (reported at the caller's
// path, and forbidden properties), which are ordered by detail.
func diffErrors(kval, upstream field.ErrorList) string {
	a, b := canonical(kval), canonical(upstream)
	if len(a) == len(b) {
		same := true
		for i := range a {
			if !sameError(a[i], b[i]) {
				same = false
				break
			}
		}
		if same {
			return ""
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "kval (%d):\n", len(a))
	for _, e := range a {
		fmt.Fprintf(&sb, "    %s\n", describe(e))
	}
	fmt.Fprintf(&sb, "upstream (%d):\n", len(b))
	for _, e := range b {
		fmt.Fprintf(&sb, "    %s\n", describe(e))
	}
	return sb.String()
}

func sameError(a, b *field.Error) bool {
	return a.Type == b.Type && a.Field == b.Field && a.Detail == b.Detail && reflect.DeepEqual(a.BadValue, b.BadValue)
}

func describe(e *field.Error) string {
	return fmt.Sprintf("%s | %s | %s | %#v", e.Type, e.Field, e.Detail, e.BadValue)
}

func canonical(list field.ErrorList) field.ErrorList {
	out := append(field.ErrorList(nil), list...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Field != out[j].Field {
			return out[i].Field < out[j].Field
		}
		return unorderedKey(out[i]) < unorderedKey(out[j])
	})
	return out
}

func unorderedKey(e *field.Error) string {
	if e.Field == "<nil>" || e.Field == "status" || strings.HasSuffix(e.Detail, "is a forbidden property") {
		return e.Detail
	}
	return ""
}

// diffUnordered compares two error lists as multisets: used for ratcheted
// errors, which upstream keeps as warnings in an order nobody sees (a node's
// own errors before those its children ratcheted).
func diffUnordered(kval, upstream field.ErrorList) string {
	return diffErrors(fullySorted(kval), fullySorted(upstream))
}

func fullySorted(list field.ErrorList) field.ErrorList {
	out := append(field.ErrorList(nil), list...)
	sort.SliceStable(out, func(i, j int) bool { return describe(out[i]) < describe(out[j]) })
	return out
}
