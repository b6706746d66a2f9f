package celrules

import (
	"strconv"
	"unicode/utf8"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
)

// Bounds of what a format clause writes for values of fixed size: an
// int64 in binary with its sign; a float64 in fixed notation (309
// digits, sign, point and six decimals) or anything else %s writes
// (bools, null, timestamps and durations as CEL literals).
const (
	formattedInt    = 66
	formattedScalar = 330
)

// formatCost prices fmt.format(args): the format's own characters and,
// for each clause, the most it can write for its argument. Upstream
// charges only the format, so a list holding one large string many times
// (or a precision of a million) costs almost nothing there.
func formatCost(args []ref.Val, limit uint64) uint64 {
	f, ok1 := args[0].(types.String)
	list, ok2 := args[1].(traits.Lister)
	if !ok1 || !ok2 {
		return 0
	}
	n := float64(len(f))
	size := listSize(list)
	k := 0
	eachClause(string(f), func(verb byte, precision float64) bool {
		if float64(k) >= size {
			return false
		}
		n += clauseSize(verb, precision, list.Get(types.Int(k)), limit)
		k++
		return stringCost(n) <= limit
	})
	return stringCost(n)
}

// eachClause calls fn with the verb and precision of each clause of a
// format (%%, an escaped percent sign, is none), as cel-go parses them,
// while fn returns true.
func eachClause(f string, fn func(verb byte, precision float64) bool) {
	for i := 0; i < len(f)-1; i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if f[i] == '%' {
			continue
		}
		var precision float64
		if f[i] == '.' {
			for i++; i < len(f) && f[i] >= '0' && f[i] <= '9'; i++ {
				precision = precision*10 + float64(f[i]-'0')
			}
		}
		if i >= len(f) || !fn(f[i], precision) {
			return
		}
	}
}

// clauseSize bounds what the clause with verb writes for v.
func clauseSize(verb byte, precision float64, v ref.Val, limit uint64) float64 {
	switch verb {
	case 's':
		return formatted(v, false, limit)
	case 'x', 'X':
		switch v := v.(type) {
		case types.String:
			return 2 * float64(len(v))
		case types.Bytes:
			return 2 * float64(len(v))
		}
		return formattedInt
	case 'f', 'e':
		return formattedScalar + precision
	}
	return formattedInt
}

// formatted bounds what %s writes for v; nested values (in lists and
// maps) are written as CEL literals, strings quoted.
func formatted(v ref.Val, nested bool, limit uint64) float64 {
	switch v := v.(type) {
	case types.String:
		if nested {
			return quoted(string(v))
		}
		return float64(len(v))
	case types.Bytes:
		if nested {
			return 1 + quoted(string(v))
		}
		return 3 * float64(len(v)) // invalid UTF-8 becomes U+FFFD
	case traits.Lister:
		return formattedList(v, limit)
	case traits.Mapper:
		return formattedMap(v, limit)
	case ref.Type:
		return float64(len(v.TypeName())) + formattedInt
	}
	return formattedScalar
}

// formattedList bounds "[e1, e2]", stopping past limit.
func formattedList(list traits.Lister, limit uint64) float64 {
	n := 2.0
	for it := list.Iterator(); it.HasNext() == types.True && stringCost(n) <= limit; {
		n += 2 + formatted(it.Next(), true, limit)
	}
	return n
}

// formattedMap bounds "{k1: v1, k2: v2}", stopping past limit.
func formattedMap(m traits.Mapper, limit uint64) float64 {
	n := 2.0
	for it := m.Iterator(); it.HasNext() == types.True && stringCost(n) <= limit; {
		k := it.Next()
		n += 4 + formatted(k, true, limit)
		if v, found := m.Find(k); found {
			n += formatted(v, true, limit)
		}
	}
	return n
}

// quoted bounds the length of strconv.Quote(s).
func quoted(s string) float64 {
	n := 2.0
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			n += 2
		case r == utf8.RuneError:
			n += 4 // \xff for a byte that is not UTF-8, else 3 bytes
		case strconv.IsPrint(r):
			n += float64(utf8.RuneLen(r))
		case r < utf8.RuneSelf:
			n += 4 // \x7f
		case r <= 0xFFFF:
			n += 6 // \u2028
		default:
			n += 10 // \U000e0001
		}
	}
	return n
}
