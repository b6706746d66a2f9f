package values

import (
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	structurallisttype "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/listtype"
	apiservervalidation "k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/listtypes"
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

// loadExamples pairs every valid corpus example with its CRD version.
func loadExamples(b *testing.B) []example {
	exs, err := corpusset.Examples()
	if err != nil {
		b.Fatal(err)
	}
	var out []example
	for _, ex := range exs {
		out = append(out, newExample(b, ex))
	}
	return out
}

func newExample(b *testing.B, ex corpusset.Example) example {
	s := ex.Version.Schema()
	kv, err := values.Compile(s)
	if err != nil {
		b.Fatal(err)
	}
	props, err := ex.Version.UpstreamSchema()
	if err != nil {
		b.Fatal(err)
	}
	structural, err := ex.Version.Served()
	if err != nil {
		b.Fatal(err)
	}
	uv, _, err := apiservervalidation.NewSchemaValidator(props)
	if err != nil {
		b.Fatal(err)
	}
	decoded := runtime.DeepCopyJSON(ex.Object.Object)
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
	return example{name: ex.Name, object: decoded, newer: newer, kval: kv, kvalLists: listtypes.Compile(s),
		upstream: uv, structural: structural}
}
