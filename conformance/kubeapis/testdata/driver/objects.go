package main

import (
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
	"sigs.k8s.io/randfill"
)

// objects are the zero value, k8s.io/api's round-trip fixture of the type
// (when there is one) and n random objects.
func objects(e entry, n int, fixtures string) []any {
	out := []any{e.newObj()}
	if obj, ok := fixture(e, fixtures); ok {
		out = append(out, obj)
	}
	for i := 0; i < n; i++ {
		out = append(out, random(e, int64(i)))
	}
	return out
}

// fixture reads <group>.<version>.<Kind>.json, core's group named "core".
func fixture(e entry, dir string) (any, bool) {
	if dir == "" {
		return nil, false
	}
	group := e.group
	if group == "" {
		group = "core"
	}
	data, err := os.ReadFile(filepath.Join(dir, group+"."+e.version+"."+e.kind+".json"))
	if err != nil {
		return nil, false
	}
	obj := e.newObj()
	if json.Unmarshal(data, obj) != nil {
		return nil, false
	}
	return obj, true
}

// random fills a new object from a seed of the function's own.
func random(e entry, seed int64) any {
	obj := e.newObj()
	filler(seedOf(e.name, seed)).Fill(obj)
	return obj
}

// clone copies an object through JSON.
func clone(e entry, obj any) any {
	data, _ := json.Marshal(obj)
	out := e.newObj()
	json.Unmarshal(data, out)
	return out
}

// mutated is a copy of obj with one value, chosen at random, filled anew.
func mutated(e entry, obj any, seed int64) any {
	out := clone(e, obj)
	r := rand.New(rand.NewSource(seedOf(e.name, seed+104729)))
	var leaves []reflect.Value
	collect(reflect.ValueOf(out).Elem(), &leaves, 0)
	if len(leaves) > 0 {
		leaf := leaves[r.Intn(len(leaves))]
		filler(r.Int63()).Fill(leaf.Addr().Interface())
	}
	return out
}

// collect gathers the settable values of an object, outermost first.
func collect(v reflect.Value, out *[]reflect.Value, depth int) {
	if depth > 12 || !v.CanSet() || v.Kind() == reflect.Interface {
		return
	}
	*out = append(*out, v)
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			collect(v.Elem(), out, depth+1)
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			collect(v.Field(i), out, depth+1)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			collect(v.Index(i), out, depth+1)
		}
	}
}

// seedOf mixes a function's name into a seed, so each function sees its
// own objects and both trees the same ones.
func seedOf(name string, seed int64) int64 {
	h := int64(1469598103934665603)
	for _, c := range []byte(name) {
		h = (h ^ int64(c)) * 1099511628211
	}
	return h ^ seed
}

// filler fills values from pools that reach the rules' limits: short and
// long strings, names, formats, numbers around bounds.
func filler(seed int64) *randfill.Filler {
	return randfill.NewWithSeed(seed).NilChance(0.3).NumElements(0, 3).MaxDepth(10).Funcs(
		func(s *string, c randfill.Continue) { *s = pick(c, stringPool) },
		func(i *int32, c randfill.Continue) { *i = int32(pick(c, intPool)) },
		func(i *int64, c randfill.Continue) { *i = pick(c, intPool) },
		func(q *resource.Quantity, c randfill.Continue) { *q = resource.MustParse(pick(c, quantityPool)) },
		func(t *metav1.Time, c randfill.Continue) { *t = metav1.Unix(pick(c, intPool)&0xffffff, 0) },
		func(t *metav1.MicroTime, c randfill.Continue) {
			*t = metav1.NewMicroTime(metav1.Unix(pick(c, intPool)&0xffffff, 0).Time)
		},
		func(x *runtime.RawExtension, c randfill.Continue) { *x = runtime.RawExtension{} },
		func(x *intstr.IntOrString, c randfill.Continue) { fillIntOrString(x, c) },
	)
}

func fillIntOrString(x *intstr.IntOrString, c randfill.Continue) {
	if c.Bool() {
		*x = intstr.FromInt32(int32(pick(c, intPool)))
		return
	}
	*x = intstr.FromString(pick(c, stringPool))
}

func pick[T any](c randfill.Continue, pool []T) T { return pool[c.Intn(len(pool))] }
