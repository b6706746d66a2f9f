package pruning

import (
	"flag"
	"fmt"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

var generated = flag.Int("generated", 250, "generated objects per CRD version")

// TestDecodeMatchesUpstream runs every corpus object and generated hostile
// objects through kval's decode pipeline (prune, nulls, embedded metadata,
// defaults) and through upstream's, for every version of every corpus CRD.
// The decoded objects, the reported unknown fields, and whether decoding
// fails must be identical.
func TestDecodeMatchesUpstream(t *testing.T) {
	examples := loadExamples(t)
	total, fromCorpus := 0, 0
	for _, dir := range []string{"crds-standard", "crds-experimental"} {
		files, err := filepath.Glob(corpusPath(t, "gateway-api", dir) + "/*.yaml")
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			if strings.Contains(file, "_vap_") {
				continue // ValidatingAdmissionPolicy objects, not CRDs
			}
			pairs := loadCRDPairs(t, file)
			for _, p := range pairs {
				for _, version := range p.kval.Spec.Versions {
					name := fmt.Sprintf("%s/%s/%s", dir, p.kval.Name(), version.Name)
					t.Run(name, func(t *testing.T) {
						inputs := examples[gvk(p.kval, version.Name)]
						fromCorpus += len(inputs)
						inputs = append(inputs, generate(p.kval, version.Name, *generated)...)
						total += len(inputs)
						compareAll(t, p, version.Name, inputs)
					})
				}
			}
		}
	}
	t.Logf("compared %d objects (%d from the corpus, %d generated per CRD version)", total, fromCorpus, *generated)
	fmt.Printf("conformance/pruning: %d objects compared (%d from the corpus, %d generated per CRD version)\n", total, fromCorpus, *generated)
}

type crdPair struct {
	kval     *schema.CRD
	upstream *apiextensions.CustomResourceDefinition
}

func loadCRDPairs(t *testing.T, file string) []crdPair {
	t.Helper()
	loaded := schema.LoadFiles([]string{file})
	if errs := loaded.Errors(); len(errs) > 0 {
		t.Fatalf("kval cannot load %s: %v", file, errs)
	}
	ups, err := upstream.LoadCRDs(file)
	if err != nil {
		t.Fatalf("upstream cannot load %s: %v", file, err)
	}
	byName := map[string]*apiextensions.CustomResourceDefinition{}
	for _, u := range ups {
		byName[u.Name] = u
	}
	var pairs []crdPair
	for _, c := range loaded.CRDs {
		u, ok := byName[c.Name()]
		if !ok {
			t.Fatalf("%s: upstream did not load %s", file, c.Name())
		}
		pairs = append(pairs, crdPair{kval: c, upstream: u})
	}
	return pairs
}

func gvk(crd *schema.CRD, version string) string {
	return crd.Spec.Group + "/" + version + ", Kind=" + crd.Spec.Names.Kind
}

// loadExamples reads every object of the corpus, valid and invalid, by GVK.
func loadExamples(t *testing.T) map[string][]map[string]any {
	t.Helper()
	files, err := manifest.ExpandPaths([]string{
		corpusPath(t, "gateway-api", "examples"),
		corpusPath(t, "gateway-api", "invalid-examples"),
	})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]map[string]any{}
	for _, f := range files {
		docs, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs)
		}
		for _, d := range docs {
			apiVersion, _ := d.Object["apiVersion"].(string)
			kind, _ := d.Object["kind"].(string)
			key := apiVersion + ", Kind=" + kind
			out[key] = append(out[key], d.Object)
		}
	}
	return out
}

func generate(crd *schema.CRD, version string, n int) []map[string]any {
	s := crd.VersionSchema(version)
	g := objgen.New(int64(len(crd.Name())*1000+len(version)), objgen.Hostile)
	out := make([]map[string]any, n)
	for i := range out {
		out[i] = g.Resource(s, crd.Spec.Group+"/"+version, crd.Spec.Names.Kind)
	}
	return out
}

func compareAll(t *testing.T, p crdPair, version string, inputs []map[string]any) {
	v, err := engine.Compile(p.kval, version, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	served, err := upstream.ServedSchema(p.upstream, version)
	if err != nil {
		t.Fatal(err)
	}
	prunes := p.upstream.Spec.PreserveUnknownFields == nil || !*p.upstream.Spec.PreserveUnknownFields
	failures := 0
	for i, in := range inputs {
		theirs := runtime.DeepCopyJSON(in)
		upPruned, upErr := upstream.Decode(theirs, served, prunes)
		res := v.Decode(runtime.DeepCopyJSON(in))
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

func corpusPath(t *testing.T, elem ...string) string {
	t.Helper()
	p, err := corpus.Path(elem...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
