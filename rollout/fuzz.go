package rollout

import (
	"fmt"
	"math/rand/v2"
	"reflect"
)

// fuzzer derives objects from the table cases. Random values almost never
// hit a rule's boundary; values taken from the cases (and their
// neighbours: n-1, n+1, "", a doubled string) do, so each field is
// replaced from a pool of the values the test author already chose.
type fuzzer struct {
	rnd     *rand.Rand
	ints    []int64
	floats  []float64
	strings []string
}

func newFuzzer[T any](rnd *rand.Rand, cases []Case[T]) *fuzzer {
	f := &fuzzer{rnd: rnd, ints: []int64{0, 1, -1}, floats: []float64{0, 0.5, -0.5}, strings: []string{"", "x"}}
	for _, c := range cases {
		for _, p := range []*T{c.Obj, c.Old} {
			if p != nil {
				f.collect(reflect.ValueOf(p).Elem(), 0)
			}
		}
	}
	return f
}

// maxDepth bounds the walk: recursive types must not recurse forever.
const maxDepth = 32

// collect adds every scalar in v (and its neighbours) to the pools.
func (f *fuzzer) collect(v reflect.Value, depth int) {
	if depth > maxDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			f.collect(v.Elem(), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f.collect(v.Field(i), depth+1)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			f.collect(v.Index(i), depth+1)
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			f.collect(it.Key(), depth+1)
			f.collect(it.Value(), depth+1)
		}
	default:
		f.collectScalar(v)
	}
}

func (f *fuzzer) collectScalar(v reflect.Value) {
	switch {
	case v.CanInt():
		f.ints = append(f.ints, v.Int()-1, v.Int(), v.Int()+1)
	case v.CanUint():
		n := int64(v.Uint())
		f.ints = append(f.ints, n-1, n, n+1)
	case v.CanFloat():
		f.floats = append(f.floats, v.Float()-0.5, v.Float(), v.Float()+0.5)
	case v.Kind() == reflect.String:
		f.strings = append(f.strings, v.String(), v.String()+v.String())
	}
}

// fuzzCase makes round i's case: creates and updates alternate; an update
// changes a copy of its old object a little, so ratcheting of unchanged
// fields is exercised too.
func fuzzCase[T any](f *fuzzer, cases []Case[T], i int) Case[T] {
	seed := cases[f.rnd.IntN(len(cases))]
	name := fmt.Sprintf("fuzz round %d from %q", i, seed.Name)
	if i%2 == 0 {
		return Case[T]{Name: name, Obj: mutated(f, seed.Obj, 0.3)}
	}
	old := mutated(f, seed.Obj, 0.3)
	return Case[T]{Name: name, Obj: mutated(f, old, 0.1), Old: old}
}

// mutated returns a deep copy of p with each value replaced with
// probability rate.
func mutated[T any](f *fuzzer, p *T, rate float64) *T {
	out := new(T)
	f.copyMutate(reflect.ValueOf(out).Elem(), reflect.ValueOf(p).Elem(), rate, 0)
	return out
}

func (f *fuzzer) hit(rate float64) bool { return f.rnd.Float64() < rate }

func (f *fuzzer) copyMutate(dst, src reflect.Value, rate float64, depth int) {
	if depth > maxDepth {
		return
	}
	switch src.Kind() {
	case reflect.Pointer:
		f.pointer(dst, src, rate, depth)
	case reflect.Struct:
		for i := range src.NumField() {
			if dst.Field(i).CanSet() {
				f.copyMutate(dst.Field(i), src.Field(i), rate, depth+1)
			}
		}
	case reflect.Slice:
		f.slice(dst, src, rate, depth)
	case reflect.Map:
		f.mapValue(dst, src, rate, depth)
	default:
		dst.Set(src)
		if f.hit(rate) {
			f.scalar(dst)
		}
	}
}

// pointer sometimes sets a nil pointer, sometimes clears a set one.
func (f *fuzzer) pointer(dst, src reflect.Value, rate float64, depth int) {
	switch {
	case src.IsNil() && f.hit(rate):
		dst.Set(reflect.New(src.Type().Elem()))
		f.copyMutate(dst.Elem(), reflect.Zero(src.Type().Elem()), 0.5, depth+1)
	case src.IsNil() || f.hit(rate/3):
		// left nil
	default:
		dst.Set(reflect.New(src.Type().Elem()))
		f.copyMutate(dst.Elem(), src.Elem(), rate, depth+1)
	}
}

// slice copies the items, then may drop one or repeat one (duplicates
// reach uniqueness rules).
func (f *fuzzer) slice(dst, src reflect.Value, rate float64, depth int) {
	if src.IsNil() && !f.hit(rate) {
		return
	}
	items := reflect.MakeSlice(src.Type(), src.Len(), src.Len()+1)
	for i := range src.Len() {
		f.copyMutate(items.Index(i), src.Index(i), rate, depth+1)
	}
	switch {
	case items.Len() == 0:
		items = reflect.Append(items, reflect.New(src.Type().Elem()).Elem())
	case f.hit(rate):
		items = items.Slice(0, items.Len()-1)
	case f.hit(rate):
		items = reflect.Append(items, items.Index(f.rnd.IntN(items.Len())))
	}
	dst.Set(items)
}

// mapValue copies the entries and may drop one.
func (f *fuzzer) mapValue(dst, src reflect.Value, rate float64, depth int) {
	if src.IsNil() {
		return
	}
	m := reflect.MakeMapWithSize(src.Type(), src.Len())
	for it := src.MapRange(); it.Next(); {
		if f.hit(rate / 3) {
			continue
		}
		v := reflect.New(src.Type().Elem()).Elem()
		f.copyMutate(v, it.Value(), rate, depth+1)
		m.SetMapIndex(it.Key(), v)
	}
	dst.Set(m)
}

// scalar replaces a scalar with a pool value that fits its type.
func (f *fuzzer) scalar(v reflect.Value) {
	switch {
	case v.CanInt():
		if n := f.ints[f.rnd.IntN(len(f.ints))]; !v.OverflowInt(n) {
			v.SetInt(n)
		}
	case v.CanUint():
		if n := f.ints[f.rnd.IntN(len(f.ints))]; n >= 0 && !v.OverflowUint(uint64(n)) {
			v.SetUint(uint64(n))
		}
	case v.CanFloat():
		v.SetFloat(f.floats[f.rnd.IntN(len(f.floats))])
	case v.Kind() == reflect.String:
		v.SetString(f.strings[f.rnd.IntN(len(f.strings))])
	case v.Kind() == reflect.Bool:
		v.SetBool(!v.Bool())
	}
}
