package cel

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

func stable(s string) string { return typeName.ReplaceAllString(s, "selfType") }

// key identifies an error by its type and its whole message.
func key(e *field.Error) string { return stable(string(e.Type) + " " + e.Error()) }

// diffMultiset compares two lists as multisets of keys.
func diffMultiset(want, got field.ErrorList) (missing, extra []string) {
	counts := map[string]int{}
	for _, e := range want {
		counts[key(e)]++
	}
	for _, e := range got {
		counts[key(e)]--
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

// diffOrdered compares two lists error by error (type, field, detail, bad
// value) after putting both in a canonical order: by field, keeping the
// order of errors at one field, which upstream produces deterministically
// (one node's rules in order). "" when they are identical.
func diffOrdered(kval, upstream field.ErrorList) string {
	a, b := canonical(kval), canonical(upstream)
	if len(a) == len(b) {
		same := true
		for i := range a {
			same = same && sameError(a[i], b[i])
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
	return a.Type == b.Type && a.Field == b.Field && stable(a.Detail) == stable(b.Detail) && reflect.DeepEqual(a.BadValue, b.BadValue)
}

func describe(e *field.Error) string {
	return fmt.Sprintf("%s | %s | %s | %#v", e.Type, e.Field, e.Detail, e.BadValue)
}

func canonical(list field.ErrorList) field.ErrorList {
	out := append(field.ErrorList(nil), list...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Field < out[j].Field })
	return out
}

func lines(list []string) string {
	if len(list) == 0 {
		return "  (none)"
	}
	return "  " + strings.Join(list, "\n  ")
}
