package lowered

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// variants of the example CRD: with the extensions, lowered, with neither.
const (
	mutability = "mutability"
	rules      = "lowered-rules"
	neither    = "neither"
)

// validators compiles the three variants of examples/crd.yaml.
func validators(tb testing.TB) map[string]*engine.Validator {
	tb.Helper()
	crd := read(tb, "crd.yaml")
	res, err := lower.Lower(context.Background(), crd, lower.Options{})
	if err != nil || len(res.Unlowered) > 0 {
		tb.Fatalf("kval lower: %v %v", err, res.Unlowered)
	}
	bare, _, err := annotation.Pack(crd) // the extensions moved out of the schema
	if err != nil {
		tb.Fatal(err)
	}
	return map[string]*engine.Validator{mutability: compile(tb, crd), rules: compile(tb, res.CRD), neither: compile(tb, bare)}
}

func compile(tb testing.TB, doc map[string]any) *engine.Validator {
	crd, errs := schema.DecodeCRD(manifest.Document{Object: doc})
	if len(errs) > 0 {
		tb.Fatal(errs)
	}
	v, err := engine.Compile(crd, "v1", engine.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

func read(tb testing.TB, name string) map[string]any {
	docs, errs := manifest.ReadFile(filepath.Join("..", "..", "examples", name))
	if len(errs) > 0 || len(docs) != 1 {
		tb.Fatalf("%s: %v", name, errs)
	}
	return docs[0].Object
}

// change is one update of a Database and whether the extensions allow it.
type change struct {
	name     string
	old, new map[string]any
	allowed  bool
}

func changes(tb testing.TB) []change {
	full := make([]any, 63)
	for i := range full {
		full[i] = fmt.Sprintf("%03d-migration", i)
	}
	old := read(tb, "current/orders.yaml")
	unstructuredSet(old, full, "spec", "migrations")
	appended := runtime.DeepCopyJSON(old)
	unstructuredSet(appended, append(full, "063-last"), "spec", "migrations")
	return []change{
		{"orders", read(tb, "current/orders.yaml"), read(tb, "objects/orders.yaml"), true},
		{"ledger", read(tb, "current/ledger.yaml"), read(tb, "objects/ledger.yaml"), false},
		{"append-to-64", old, appended, true},
	}
}

func unstructuredSet(obj map[string]any, v any, path ...string) {
	m := obj
	for _, k := range path[:len(path)-1] {
		m = m[k].(map[string]any)
	}
	m[path[len(path)-1]] = v
}

func validate(tb testing.TB, v *engine.Validator, c change) *engine.Result {
	res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Update,
		Object: runtime.DeepCopyJSON(c.new), OldObject: c.old})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

// BenchmarkLoweredRulesVsMutability runs each update through the three
// variants, side by side.
func BenchmarkLoweredRulesVsMutability(b *testing.B) {
	vs := validators(b)
	for _, c := range changes(b) {
		for _, variant := range []string{neither, mutability, rules} {
			b.Run(c.name+"/"+variant, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					validate(b, vs[variant], c)
				}
			})
		}
	}
}

// TestBothVariantsJudgeTheBenchmarkedUpdatesAlike keeps the benchmark
// honest: the extensions and the lowered rules give each update the same
// verdict, the one it is benchmarked for, and the baseline allows all.
func TestBothVariantsJudgeTheBenchmarkedUpdatesAlike(t *testing.T) {
	vs := validators(t)
	for _, c := range changes(t) {
		for _, variant := range []string{mutability, rules} {
			if res := validate(t, vs[variant], c); res.Valid() != c.allowed {
				t.Errorf("%s with %s: valid %v, want %v (%v)", c.name, variant, res.Valid(), c.allowed, res.Errors)
			}
		}
		if res := validate(t, vs[neither], c); !res.Valid() {
			t.Errorf("%s without extensions or rules: %v", c.name, res.Errors)
		}
	}
}
