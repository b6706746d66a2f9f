package compare

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// typeName matches the names CEL gives to the types of self; they carry a
// timestamp that differs between compilations.
var typeName = regexp.MustCompile(`selfType\d+`)

// Stable removes what differs between runs from a message (CEL type names).
func Stable(s string) string { return typeName.ReplaceAllString(s, "selfType") }

// Key identifies an error by its type and its whole message.
func Key(e *field.Error) string { return Stable(string(e.Type) + " " + e.Error()) }

// Multiset compares two lists as multisets of keys: what want has and got
// lacks, and what got has in excess.
func Multiset(want, got field.ErrorList) (missing, extra []string) {
	counts := map[string]int{}
	for _, e := range want {
		counts[Key(e)]++
	}
	for _, e := range got {
		counts[Key(e)]--
	}
	for k, n := range counts {
		for ; n > 0; n-- {
			missing = append(missing, k)
		}
		for ; n < 0; n++ {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	return missing, extra
}

// Ordered compares two lists error by error (type, field, detail, bad value)
// after putting both in a canonical order: by field, keeping the order of
// errors at one field, which upstream produces deterministically. It
// returns "" when they are identical, a report otherwise.
func Ordered(kval, upstream field.ErrorList) string {
	a, b := Canonical(kval), Canonical(upstream)
	if len(a) == len(b) {
		same := true
		for i := range a {
			same = same && Same(a[i], b[i])
		}
		if same {
			return ""
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "kval (%d):\n", len(a))
	for _, e := range a {
		fmt.Fprintf(&sb, "    %s\n", Describe(e))
	}
	fmt.Fprintf(&sb, "upstream (%d):\n", len(b))
	for _, e := range b {
		fmt.Fprintf(&sb, "    %s\n", Describe(e))
	}
	return sb.String()
}

// Same reports whether two errors have the same type, field, detail and bad value.
func Same(a, b *field.Error) bool {
	return a.Type == b.Type && a.Field == b.Field && Stable(a.Detail) == Stable(b.Detail) && reflect.DeepEqual(a.BadValue, b.BadValue)
}

// Describe renders an error with its parts separated.
func Describe(e *field.Error) string {
	return fmt.Sprintf("%s | %s | %s | %#v", e.Type, e.Field, e.Detail, e.BadValue)
}

// Canonical sorts a copy of a list by field, stably.
func Canonical(list field.ErrorList) field.ErrorList {
	out := append(field.ErrorList(nil), list...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

// Lines renders strings one per line, indented, or "(none)".
func Lines(list []string) string {
	if len(list) == 0 {
		return "  (none)"
	}
	return "  " + strings.Join(list, "\n  ")
}
