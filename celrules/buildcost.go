package celrules

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/google/cel-go/common"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/common/types/traits"
)

// The cost of building a result, before it is built: what upstream charges
// for the call, and, where that says nothing of the result's size, a tenth
// per character of a string (what cel-go charges for concatenating it) or
// one per element of a list (what it charges for lists.range). Sizes are
// float64 so that no amplification can overflow them.

// stringCost prices a string of n characters (or bytes, an upper bound).
func stringCost(n float64) uint64 {
	return saturate(math.Ceil(n * common.StringTraversalCostFactor))
}

// listAllocCost is what cel-go's list functions charge for a list of n
// elements at factor each.
func listAllocCost(factor, n float64) uint64 {
	return addCapped(saturate(math.Floor(factor*n)), 1+common.ListCreateBaseCost)
}

func saturate(f float64) uint64 {
	if f >= math.MaxUint64 {
		return math.MaxUint64
	}
	return uint64(max(f, 0))
}

func runes(s string) float64 {
	return float64(utf8.RuneCountInString(s))
}

// concatCost prices s + t and b + c as upstream does (after the fact).
func concatCost(args []ref.Val) uint64 {
	switch l := args[0].(type) {
	case types.String:
		if r, ok := args[1].(types.String); ok {
			return stringCost(runes(string(l)) + runes(string(r)))
		}
	case types.Bytes:
		if r, ok := args[1].(types.Bytes); ok {
			return stringCost(float64(len(l) + len(r)))
		}
	}
	return 0
}

// replaceCost prices s.replace(old, new[, n]): upstream charges two tenths
// per character of s; the result has as many replacements as
// strings.Replace makes (old == "" matches before every character and at
// the end).
func replaceCost(args []ref.Val) uint64 {
	s, ok1 := args[0].(types.String)
	old, ok2 := args[1].(types.String)
	repl, ok3 := args[2].(types.String)
	if !ok1 || !ok2 || !ok3 {
		return 0
	}
	count := int64(strings.Count(string(s), string(old)))
	if len(args) == 4 {
		if n, ok := args[3].(types.Int); ok && n >= 0 && int64(n) < count {
			count = int64(n)
		}
	}
	size := runes(string(s))
	grows := runes(string(repl)) - runes(string(old))
	return max(stringCost(2*size), stringCost(size+float64(count)*grows))
}

// joinCost prices list.join([sep]) as upstream does (two tenths per
// character of the result), or a tenth per element when the elements are
// mostly empty: joining copies them into a slice first.
func joinCost(args []ref.Val, limit uint64) uint64 {
	list, ok := args[0].(traits.Lister)
	if !ok {
		return 0
	}
	var sep float64
	if len(args) == 2 {
		if s, ok := args[1].(types.String); ok {
			sep = runes(string(s))
		}
	}
	var chars, n float64
	for it := list.Iterator(); it.HasNext() == types.True && stringCost(n) <= limit; n++ {
		if s, ok := it.Next().(types.String); ok {
			chars += runes(string(s))
		}
		if n > 0 {
			chars += sep
		}
		if stringCost(2*chars) > limit {
			break
		}
	}
	return max(stringCost(2*chars), stringCost(n))
}

// listSize is the number of elements of a list (0 for anything else).
func listSize(v ref.Val) float64 {
	list, ok := v.(traits.Lister)
	if !ok {
		return 0
	}
	n, ok := list.Size().(types.Int)
	if !ok {
		return 0
	}
	return float64(n)
}

// reverseCost prices list.reverse() as upstream does (after the fact): its
// input can be a lazily concatenated list far larger than memory.
func reverseCost(args []ref.Val) uint64 {
	return listAllocCost(1, listSize(args[0]))
}

// selfCompareCost prices sort and distinct as upstream does: n² comparisons.
func selfCompareCost(args []ref.Val) uint64 {
	n := listSize(args[0])
	factor := 2.0
	if n > 0 {
		switch args[0].(traits.Lister).Get(types.IntZero).(type) {
		case types.String, types.Bytes:
			factor += common.StringTraversalCostFactor
		}
	}
	return listAllocCost(factor, n*n)
}

// sliceCost prices list.slice(start, end) as upstream does.
func sliceCost(args []ref.Val) uint64 {
	start, ok1 := args[1].(types.Int)
	end, ok2 := args[2].(types.Int)
	if !ok1 || !ok2 || end < start {
		return 0
	}
	return listAllocCost(1, float64(end)-float64(start))
}

// flattenCost prices list.flatten([depth]): upstream charges depth times
// the outer list, whatever the nested lists hold.
func flattenCost(args []ref.Val, limit uint64) uint64 {
	depth := int64(1)
	if len(args) == 2 {
		d, ok := args[1].(types.Int)
		if !ok {
			return 0
		}
		depth = int64(d)
	}
	upstream := listAllocCost(float64(depth), listSize(args[0]))
	return max(upstream, saturate(flattened(args[0], depth, float64(limit))))
}

// flattened counts the elements of list and of the lists it flattens
// into it (an upper bound of the result that also bounds the time spent
// counting), stopping past limit.
func flattened(v ref.Val, depth int64, limit float64) float64 {
	list, ok := v.(traits.Lister)
	if !ok {
		return 0
	}
	var n float64
	for it := list.Iterator(); it.HasNext() == types.True && n <= limit; {
		n++
		if e := it.Next(); depth > 0 {
			n += flattened(e, depth-1, limit-n)
		}
	}
	return n
}
