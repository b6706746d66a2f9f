package pruning

import (
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
)

// example is one corpus object with kval's validator and upstream's schema for it.
type example struct {
	name     string
	object   map[string]any
	kval     *engine.Validator
	upstream *structuralschema.Structural
}

// BenchmarkDecode decodes every corpus example with kval and with upstream.
// Both sides copy the input first (decoding changes it in place); the copy
// alone is measured as "copy" for reference.
func BenchmarkDecode(b *testing.B) {
	for _, ex := range loadExamples(b) {
		b.Run(ex.name+"/copy", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				runtime.DeepCopyJSON(ex.object)
			}
		})
		b.Run(ex.name+"/kval", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := ex.kval.Decode(runtime.DeepCopyJSON(ex.object)); !res.Valid() {
					b.Fatal(res.Errors)
				}
			}
		})
		b.Run(ex.name+"/upstream", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := upstream.Decode(runtime.DeepCopyJSON(ex.object), ex.upstream, true); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// loadExamples pairs every valid corpus example with its CRD version,
// compiled by both sides once per version.
func loadExamples(b *testing.B) []example {
	exs, err := corpusset.Examples()
	if err != nil {
		b.Fatal(err)
	}
	validators := map[string]*engine.Validator{}
	var out []example
	for _, ex := range exs {
		v, ok := validators[ex.Version.Name]
		if !ok {
			if v, err = engine.Compile(ex.Version.CRD, ex.Version.Version, engine.Options{}); err != nil {
				b.Fatal(err)
			}
			validators[ex.Version.Name] = v
		}
		served, err := ex.Version.Served()
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, example{name: ex.Name, object: ex.Object.Object, kval: v, upstream: served})
	}
	return out
}
