package cel

import (
	"context"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	upstreamcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/runtime"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
)

// example is one corpus object with its CRD version compiled by both sides.
type example struct {
	name string
	// raw is the object as written; decoded as kube-apiserver validates it.
	raw, decoded map[string]any

	kval       *celrules.Validator
	upstream   *upstreamcel.Validator
	structural *structuralschema.Structural
}

// examples caches loadExamples across benchmarks.
var examples []example

// loadExamples pairs every corpus example with its CRD version, compiled by
// both sides once per version.
func loadExamples(b *testing.B) []example {
	if examples != nil {
		return examples
	}
	exs, err := corpusset.Examples()
	if err != nil {
		b.Fatal(err)
	}
	compiled := map[string]example{}
	for _, ex := range exs {
		c, ok := compiled[ex.Version.Name]
		if !ok {
			c = compile(b, ex.Version)
			compiled[ex.Version.Name] = c
		}
		c.name, c.raw = ex.Name, runtime.DeepCopyJSON(ex.Object.Object)
		ensureNamespace(c.raw, ex.Version)
		c.decoded = runtime.DeepCopyJSON(c.raw)
		if _, err := upstream.Decode(c.decoded, c.structural, true); err != nil {
			b.Fatal(err)
		}
		examples = append(examples, c)
	}
	return examples
}

func compile(b *testing.B, v corpusset.Version) example {
	structural, err := v.Served()
	if err != nil {
		b.Fatal(err)
	}
	return example{
		kval:     celrules.NewValidator(v.Schema(), celrules.Options{ResourceRoot: true}),
		upstream: upstreamcel.NewValidator(structural, true, celconfig.PerCallLimit), structural: structural,
	}
}

// ensureNamespace gives namespaced examples the namespace a request to a
// namespaced path would have.
func ensureNamespace(obj map[string]any, v corpusset.Version) {
	if !v.CRD.Namespaced() {
		return
	}
	meta, _ := obj["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	if ns, _ := meta["namespace"].(string); ns == "" {
		meta["namespace"] = "default"
	}
}

var ctx = context.Background()
