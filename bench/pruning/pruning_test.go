// Package pruning benchmarks kube-apiserver's decoding of custom resources
// (pruning, null pruning, embedded object meta, defaulting), kval against
// upstream, on every object of the corpus.
package pruning

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
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

// loadExamples pairs every valid corpus example with its CRD version
// (the experimental CRDs, which serve every kind of the examples).
func loadExamples(b *testing.B) []example {
	crdDir := corpusPath(b, "gateway-api", "crds-experimental")
	loaded := schema.LoadFiles([]string{crdDir})
	if errs := loaded.Errors(); len(errs) > 0 {
		b.Fatal(errs)
	}
	examplesDir := corpusPath(b, "gateway-api", "examples")
	files, err := manifest.ExpandPaths([]string{examplesDir})
	if err != nil {
		b.Fatal(err)
	}
	var out []example
	for _, f := range files {
		docs, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		for i, d := range docs {
			apiVersion, _ := d.Object["apiVersion"].(string)
			kind, _ := d.Object["kind"].(string)
			crd, version, err := loaded.Lookup(apiVersion, kind)
			if err != nil {
				continue // core objects such as Namespaces and Services
			}
			v, err := engine.Compile(crd, version.Name, engine.Options{})
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, example{
				name:     exampleName(examplesDir, f, i, kind),
				object:   d.Object,
				kval:     v,
				upstream: servedSchema(b, crdDir, crd, version.Name),
			})
		}
	}
	return out
}

func servedSchema(b *testing.B, crdDir string, crd *schema.CRD, version string) *structuralschema.Structural {
	crds, err := upstream.LoadCRDs(crd.Source.File)
	if err != nil {
		b.Fatal(err)
	}
	for _, u := range crds {
		if u.Name == crd.Name() {
			s, err := upstream.ServedSchema(u, version)
			if err != nil {
				b.Fatal(err)
			}
			return s
		}
	}
	b.Fatalf("upstream did not load %s from %s", crd.Name(), crdDir)
	return nil
}

// exampleName names a benchmark after the example's file and position:
// "standard:basic-http#2-HTTPRoute".
func exampleName(dir, file string, index int, kind string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		rel = filepath.Base(file)
	}
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	return fmt.Sprintf("%s#%d-%s", strings.ReplaceAll(rel, "/", ":"), index, kind)
}

func corpusPath(b *testing.B, elem ...string) string {
	p, err := corpus.Path(elem...)
	if err != nil {
		b.Fatal(err)
	}
	return p
}
