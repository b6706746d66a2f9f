package pipeline

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
)

// side is one CRD version compiled by both pipelines.
type side struct {
	kval     *engine.Validator
	upstream *upstream.Pipeline
}

// example is one corpus object with its CRD version, with and without rules.
type example struct {
	name        string
	raw, stored map[string]any
	variants    []variant
}

type variant struct {
	name string
	side
}

func BenchmarkCreate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		for _, v := range ex.variants {
			b.Run(ex.name+"/"+v.name+"/kval", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := kvalAccepts(v.kval, engine.Request{Operation: engine.Create, Object: runtime.DeepCopyJSON(ex.raw)}); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(ex.name+"/"+v.name+"/upstream", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if res, err := v.upstream.Create(runtime.DeepCopyJSON(ex.raw)); err != nil || len(res.Errors) > 0 {
						b.Fatal(err, res.Errors)
					}
				}
			})
		}
	}
}

func BenchmarkUpdate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		for _, v := range ex.variants {
			b.Run(ex.name+"/"+v.name+"/kval", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := kvalAccepts(v.kval, engine.Request{Operation: engine.Update, Object: runtime.DeepCopyJSON(ex.stored), OldObject: ex.stored}); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(ex.name+"/"+v.name+"/upstream", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if res, err := v.upstream.Update(runtime.DeepCopyJSON(ex.stored), runtime.DeepCopyJSON(ex.stored)); err != nil || len(res.Errors) > 0 {
						b.Fatal(err, res.Errors)
					}
				}
			})
		}
	}
}

var examples []example

// loadExamples compiles every CRD version of the examples once per variant.
func loadExamples(b *testing.B) []example {
	if examples != nil {
		return examples
	}
	exs, err := corpusset.Examples()
	if err != nil {
		b.Fatal(err)
	}
	compiled := map[string][]variant{}
	for _, ex := range exs {
		variants, ok := compiled[ex.Version.Name]
		if !ok {
			variants = compileVariants(b, ex.Version)
			compiled[ex.Version.Name] = variants
		}
		raw := runtime.DeepCopyJSON(ex.Object.Object)
		withNamespace(raw, ex.Version)
		stored := runtime.DeepCopyJSON(raw)
		if _, err := upstream.Decode(stored, variants[0].upstream.Structural(), true); err != nil {
			b.Fatal(err)
		}
		stored["metadata"].(map[string]any)["resourceVersion"] = "1"
		examples = append(examples, example{name: ex.Name, raw: raw, stored: stored, variants: variants})
	}
	return examples
}

func compileVariants(b *testing.B, v corpusset.Version) []variant {
	stripped, err := v.WithoutRules()
	if err != nil {
		b.Fatal(err)
	}
	return []variant{{"cel", compile(b, v)}, {"no-cel", compile(b, stripped)}}
}

func compile(b *testing.B, v corpusset.Version) side {
	k, err := engine.Compile(v.CRD, v.Version, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	u, err := upstream.NewPipeline(v.Upstream, v.Version)
	if err != nil {
		b.Fatal(err)
	}
	return side{kval: k, upstream: u}
}

// withNamespace gives namespaced examples the namespace of a request path.
func withNamespace(obj map[string]any, v corpusset.Version) {
	meta, _ := obj["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	switch {
	case !v.CRD.Namespaced():
		delete(meta, "namespace")
	case meta["namespace"] == nil:
		meta["namespace"] = "default"
	}
}

// kvalAccepts runs a request through kval and says why it was not accepted.
func kvalAccepts(v *engine.Validator, req engine.Request) error {
	res, err := v.Validate(context.Background(), req)
	if err != nil {
		return err
	}
	return res.Errors.ToAggregate()
}
