package pruning

import (
	"flag"
	"fmt"
	"reflect"
	"sort"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/objgen"
)

var generated = flag.Int("generated", 250, "generated objects per CRD version")

// TestDecodeMatchesUpstream runs every corpus object and generated hostile
// objects through kval's decode pipeline (prune, nulls, embedded metadata,
// defaults) and through upstream's, for every version of every corpus CRD.
// The decoded objects, the reported unknown fields, and whether decoding
// fails must be identical.
func TestDecodeMatchesUpstream(t *testing.T) {
	versions, err := corpusset.Versions()
	if err != nil {
		t.Fatal(err)
	}
	objects, err := corpusset.Objects()
	if err != nil {
		t.Fatal(err)
	}
	total, fromCorpus := 0, 0
	for _, v := range versions {
		t.Run(v.Name, func(t *testing.T) {
			var inputs []map[string]any
			for _, o := range objects[v.GVK()] {
				inputs = append(inputs, o.Object)
			}
			fromCorpus += len(inputs)
			inputs = append(inputs, generate(v, *generated)...)
			total += len(inputs)
			compareAll(t, v, inputs)
		})
	}
	summary := fmt.Sprintf("conformance/pruning: %d objects compared (%d from the corpus, %d generated per CRD version)", total, fromCorpus, *generated)
	t.Log(summary)
	fmt.Println(summary)
}

func generate(v corpusset.Version, n int) []map[string]any {
	g := objgen.New(int64(len(v.CRD.Name())*1000+len(v.Version)), objgen.Hostile)
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = g.Resource(v.Schema(), v.APIVersion(), v.Kind())
	}
	return out
}

func compareAll(t *testing.T, v corpusset.Version, inputs []map[string]any) {
	kv, err := engine.Compile(v.CRD, v.Version, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	served, err := v.Served()
	if err != nil {
		t.Fatal(err)
	}
	prunes := v.Upstream.Spec.PreserveUnknownFields == nil || !*v.Upstream.Spec.PreserveUnknownFields
	failures := 0
	for i, in := range inputs {
		theirs := runtime.DeepCopyJSON(in)
		upPruned, upErr := upstream.Decode(theirs, served, prunes)
		res := kv.Decode(runtime.DeepCopyJSON(in))
		if diff := compare(res, theirs, upPruned, upErr); diff != "" {
			failures++
			if failures <= 5 {
				t.Errorf("input %d differs: %s\ninput: %v", i, diff, in)
			}
		}
	}
	if failures > 5 {
		t.Errorf("... %d inputs differ in all", failures)
	}
}

func compare(res *engine.Result, theirs map[string]any, upPruned []string, upErr error) string {
	if (upErr != nil) != (len(res.Errors) > 0) {
		return fmt.Sprintf("decode error: kval %v, upstream %v", res.Errors, upErr)
	}
	if upErr != nil {
		return ""
	}
	if !reflect.DeepEqual(res.Object, theirs) {
		return fmt.Sprintf("objects differ:\nkval:     %v\nupstream: %v", res.Object, theirs)
	}
	sort.Strings(upPruned)
	if len(upPruned) == 0 {
		upPruned = nil
	}
	kvalPruned := res.Pruned
	if len(kvalPruned) == 0 {
		kvalPruned = nil
	}
	if !reflect.DeepEqual(kvalPruned, upPruned) {
		return fmt.Sprintf("unknown fields differ:\nkval:     %q\nupstream: %q", kvalPruned, upPruned)
	}
	return ""
}
