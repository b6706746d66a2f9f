// Package values benchmarks kube-apiserver's value validation of custom
// resources (OpenAPI schema validation and list types), kval against
// upstream, on create and update of every corpus example.
//
//	go test -run '^$' -bench . -benchmem ./values | go run ./cmd/ratio
package values

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/listtypes"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// example is one corpus object, decoded as kube-apiserver decodes it, with
// an updated copy and both sides' validators for its CRD version.
type example struct {
	name          string
	object, newer map[string]any

	kval      *values.Validator
	kvalLists *listtypes.Validator

	upstream   apiservervalidation.SchemaValidator
	structural *structuralschema.Structural
}

// BenchmarkCreate validates every example on create: values, then list types.
func BenchmarkCreate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		b.Run(ex.name+"/kval", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := ex.kval.Validate(nil, ex.object); len(errs) > 0 {
					b.Fatal(errs)
				}
				if errs := ex.kvalLists.Validate(nil, ex.object); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
		b.Run(ex.name+"/upstream", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if errs := apiservervalidation.ValidateCustomResource(nil, ex.object, ex.upstream); len(errs) > 0 {
					b.Fatal(errs)
				}
				if errs := structurallisttype.ValidateListSetsAndMaps(nil, ex.structural, ex.object); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}

// BenchmarkUpdate validates every example as an update of itself with a
// changed label, with ratcheting, as the custom resource strategy does.
func BenchmarkUpdate(b *testing.B) {
	for _, ex := range loadExamples(b) {
		b.Run(ex.name+"/kval", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := ex.kval.ValidateUpdate(nil, ex.newer, ex.object); len(res.Errors) > 0 {
					b.Fatal(res.Errors)
				}
				if res := ex.kvalLists.ValidateUpdate(nil, ex.newer, ex.object); len(res.Errors) > 0 {
					b.Fatal(res.Errors)
				}
			}
		})
		b.Run(ex.name+"/upstream", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				corr := common.NewCorrelatedObject(ex.newer, ex.object, &model.Structural{Structural: ex.structural})
				opts := apiservervalidation.WithRatcheting(corr)
				if errs := apiservervalidation.ValidateCustomResourceUpdate(nil, ex.newer, ex.object, ex.upstream, opts); len(errs) > 0 {
					b.Fatal(errs)
				}
				if len(structurallisttype.ValidateListSetsAndMaps(nil, ex.structural, ex.object)) == 0 {
					if errs := structurallisttype.ValidateListSetsAndMaps(nil, ex.structural, ex.newer); len(errs) > 0 {
						b.Fatal(errs)
					}
				}
			}
		})
	}
}

// loadExamples pairs every valid corpus example with its CRD version (the
// experimental CRDs, which serve every kind of the examples).
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
			out = append(out, newExample(b, exampleName(examplesDir, f, i, kind), d.Object, crd, version.Name))
		}
	}
	return out
}

func newExample(b *testing.B, name string, obj map[string]any, crd *schema.CRD, version string) example {
	s := crd.VersionSchema(version)
	kv, err := values.Compile(s)
	if err != nil {
		b.Fatal(err)
	}
	props, structural := upstreamSchema(b, crd, version)
	uv, _, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		b.Fatal(err)
	}
	decoded := runtime.DeepCopyJSON(obj)
	if _, err := upstream.Decode(decoded, structural, true); err != nil {
		b.Fatal(err)
	}
	newer := runtime.DeepCopyJSON(decoded)
	meta, _ := newer["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		newer["metadata"] = meta
	}
	meta["labels"] = map[string]any{"bench": "updated"}
	return example{name: name, object: decoded, newer: newer, kval: kv, kvalLists: listtypes.Compile(s),
		upstream: uv, structural: structural}
}

// upstreamCRDs caches the CRDs upstream loaded, by file.
var upstreamCRDs = map[string][]*apiextensions.CustomResourceDefinition{}

func upstreamSchema(b *testing.B, crd *schema.CRD, version string) (*apiextensions.JSONSchemaProps, *structuralschema.Structural) {
	crds, ok := upstreamCRDs[crd.Source.File]
	if !ok {
		var err error
		if crds, err = upstream.LoadCRDs(crd.Source.File); err != nil {
			b.Fatal(err)
		}
		upstreamCRDs[crd.Source.File] = crds
	}
	for _, u := range crds {
		if u.Name != crd.Name() {
			continue
		}
		v, err := apiextensions.GetSchemaForVersion(u, version)
		if err != nil {
			b.Fatal(err)
		}
		s, err := upstream.ServedSchema(u, version)
		if err != nil {
			b.Fatal(err)
		}
		return v.OpenAPIV3Schema, s
	}
	b.Fatalf("upstream did not load %s", crd.Name())
	return nil, nil
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
