package lower_test

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// Placements per CRD and pairs per placement and version.
const (
	placements = 1
	pairsEach  = 80
)

// TestLoweredRulesEnforceTheExtensions is the differential proof of
// package lower: for every CRD of the corpus and of examples/, with the
// extensions placed at random on the nodes where kval lint allows them
// (seeded), random updates are validated with the extensions and with the
// lowered rules instead. Verdicts and errors must be the same (see
// samePaths). Extensions Lower could not lower are left out on both sides
// and counted.
func TestEquivalenceLoweredRulesEnforceTheExtensions(t *testing.T) {
	var total tally
	for i, doc := range equivalenceCRDs(t) {
		name := filepath.Base(doc.Source.File)
		rnd := rand.New(rand.NewSource(int64(len(name))))
		for p := range placements {
			density := []float64{0.03, 0.1, 0.25}[(i+p)%3]
			withExt := place(t, doc.Object, rnd, density)
			l := lowerForTest(t, withExt)
			total.lowered += l.res.Lowered
			total.unlowered += len(l.res.Unlowered)
			for _, v := range versionSchemas(withExt) {
				total.add(comparePairs(t, l, withExt, v.name, rnd.Int63()))
			}
		}
	}
	t.Logf("%d pairs compared: %d accepted and %d rejected by both, 0 differences; %d skipped (invalid without extensions); %d extensions lowered, %d left out",
		total.accepted+total.rejected, total.accepted, total.rejected, total.skipped, total.lowered, total.unlowered)
	if total.accepted+total.rejected < 2000 || total.rejected < 200 || total.accepted < 200 {
		t.Errorf("too few pairs compared to prove anything: %+v", total)
	}
}

type tally struct {
	accepted, rejected, skipped int
	lowered, unlowered          int
}

func (t *tally) add(o tally) {
	t.accepted += o.accepted
	t.rejected += o.rejected
	t.skipped += o.skipped
	t.lowered += o.lowered
	t.unlowered += o.unlowered
}

// comparePairs generates update pairs for one version and compares them.
func comparePairs(t *testing.T, l lowered, withExt map[string]any, version string, seed int64) tally {
	t.Helper()
	tr := l.trio(t, version)
	var out tally
	crd, _ := schema.DecodeCRD(manifest.Document{Object: withExt})
	s := crd.VersionSchema(version)
	gen := objgen.New(seed, objgen.ValidOnly)
	apiVersion := crd.Spec.Group + "/" + version
	for i := range pairsEach {
		old := gen.Resource(s, apiVersion, crd.Spec.Names.Kind)
		meta := old["metadata"].(map[string]any)
		if crd.Namespaced() {
			meta["namespace"] = "ns"
		}
		new := gen.Mutate(s, old)
		if i%5 == 0 { // a second generation: larger differences
			new = gen.Resource(s, apiVersion, crd.Spec.Names.Kind)
			new["metadata"] = jsonvalue.DeepCopy(meta)
		}
		got, err := tr.compare(old, new)
		if err != nil {
			dump(t, l.res.CRD, withExt)
			t.Fatalf("%s version %s (seed %d, pair %d): %v\nold: %v\nnew: %v", crd.Name(), version, seed, i, err, old, new)
		}
		switch got {
		case accepted:
			out.accepted++
		case rejected:
			out.rejected++
		default:
			out.skipped++
		}
	}
	return out
}

// dump writes the CRDs of a failure where KVAL_LOWER_DUMP says.
func dump(t *testing.T, lowered, withExt map[string]any) {
	dir := os.Getenv("KVAL_LOWER_DUMP")
	if dir == "" {
		return
	}
	for name, doc := range map[string]map[string]any{"lowered.yaml": lowered, "extensions.yaml": withExt} {
		y, err := yaml.Marshal(doc)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), y, 0o644)
		}
		if err != nil {
			t.Log(err)
		}
	}
}

// equivalenceCRDs are the CRDs of the corpus and of examples/.
func equivalenceCRDs(t *testing.T) []manifest.Document {
	t.Helper()
	var docs []manifest.Document
	dirs := []string{filepath.Join("..", "examples", "crd.yaml")}
	for _, sub := range []string{"crds-standard", "crds-experimental"} {
		dir, err := corpus.Path("gateway-api", sub)
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, dir)
	}
	paths, err := manifest.ExpandPaths(dirs)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		read, errs := manifest.ReadFile(p)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", p, errs)
		}
		for _, d := range read {
			if schema.IsCRD(d.Object) {
				docs = append(docs, d)
			}
		}
	}
	return docs
}
