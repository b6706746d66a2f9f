package cel

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"testing"

	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/internal/objgen"
)

var (
	generatedObjects = flag.Int("generated", 200, "generated objects per CRD version (each also violated)")
	generatedUpdates = flag.Int("updates", 200, "generated updates per CRD version")
)

// TestStageCorpusExamples evaluates the rules of every corpus CRD version
// on every corpus example and invalid example, as written and as
// kube-apiserver decodes it, on create and as an update of itself.
func TestStageCorpusExamples(t *testing.T) {
	objects := corpusObjects(t)
	var c stageTally
	for _, cv := range corpusVersions(t) {
		p := stagePairOf(t, cv)
		if p == nil {
			continue
		}
		for _, o := range objects[cv.GVK()] {
			what := cv.Name + " " + o.Source
			p.create(t, &c, what, o.Object)
			p.update(t, &c, what+" (unchanged)", o.Object, o.Object)
			if d := decoded(t, cv, o.Object); d != nil {
				p.create(t, &c, what+" (decoded)", d)
				p.update(t, &c, what+" (decoded, unchanged)", d, d)
				p.update(t, &c, what+" (decoded, from the example as written)", d, o.Object)
			}
		}
	}
	report(t, "stage: corpus examples: "+c.String())
}

// TestStageGenerated evaluates the rules of every corpus CRD version on
// generated objects (valid ones and ones with keywords violated, so rules
// see values of the wrong types too) and generated updates (random
// mutations, some of them of fields with transition rules).
func TestStageGenerated(t *testing.T) {
	var c stageTally
	for _, cv := range corpusVersions(t) {
		p := stagePairOf(t, cv)
		if p == nil {
			continue
		}
		t.Run(cv.Name, func(t *testing.T) {
			s := cv.Schema()
			g := objgen.New(seedOf(cv.Name), objgen.ValidOnly)
			for i := 0; i < *generatedObjects; i++ {
				obj := g.Resource(s, cv.APIVersion(), cv.Kind())
				p.create(t, &c, fmt.Sprintf("%s valid #%d", cv.Name, i), obj)
				bad := g.Mutate(s, obj)
				for n := 1 + i%3; n > 0; n-- {
					g.Violate(s, bad)
				}
				p.create(t, &c, fmt.Sprintf("%s violated #%d", cv.Name, i), bad)
			}
			for i := 0; i < *generatedUpdates; i++ {
				old := g.Resource(s, cv.APIVersion(), cv.Kind())
				if i%4 == 3 {
					g.Violate(s, old)
				}
				obj := g.Mutate(s, old)
				p.update(t, &c, fmt.Sprintf("%s update #%d", cv.Name, i), obj, old)
			}
		})
	}
	report(t, "stage: generated objects and updates: "+c.String())
}

// stagePairOf compiles a corpus CRD version's rules on both sides; nil when
// the version has no schema.
func stagePairOf(t testing.TB, cv crdVersion) *stagePair {
	t.Helper()
	served, err := upstream.ServedSchema(cv.Upstream, cv.Version)
	if err != nil {
		t.Fatal(err)
	}
	if served == nil {
		return nil
	}
	return newStagePair(t, cv.Schema(), served)
}

// structuralOf is a crafted schema's structural form.
func structuralOf(t testing.TB, doc string) *structuralschema.Structural {
	t.Helper()
	ss, err := structuralschema.NewStructural(upstreamProps(t, doc))
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

func seedOf(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int64(h.Sum64() >> 1)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 2000 {
		return string(b[:2000]) + "..."
	}
	return string(b)
}
