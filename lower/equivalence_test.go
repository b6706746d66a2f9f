package lower_test

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// Densities of the extensions: each CRD gets placements at two of them,
// in turn, and pairsEach update pairs per placement and version.
var densities = []float64{0.03, 0.1, 0.25}

const (
	placements = 2
	pairsEach  = 40
)

// TestEquivalenceLoweredRulesEnforceTheExtensions is the differential proof
// of package lower: for every CRD of the corpus and of examples/, with the
// extensions placed at random on the nodes where kval lint allows them
// (seeded by the CRD's name and the placement, at two densities), random
// updates are validated with the extensions and with the lowered rules
// instead: verdicts and errors must be the same, at the same paths wherever
// a rule's fieldPath can say it (sameErrors). Updates that are invalid for
// other reasons are compared too. Extensions Lower could not lower are left
// out on both sides and counted.
func TestEquivalenceLoweredRulesEnforceTheExtensions(t *testing.T) {
	var total tally
	crds := equivalenceCRDs(t)
	for i, doc := range crds {
		for p := range placements {
			rnd := rand.New(rand.NewSource(seedOf(doc.Object, p)))
			withExt := place(t, doc.Object, rnd, densities[(i+p)%len(densities)])
			l := lowerForTest(t, withExt)
			total.lowered += l.res.Lowered
			total.unlowered += len(l.res.Unlowered)
			for _, v := range versionSchemas(withExt) {
				total.add(comparePairs(t, l, withExt, v.name, rnd.Int63()))
			}
		}
	}
	t.Logf("%d CRDs, %d placements each: %d pairs compared, 0 differences: %d accepted, %d rejected by the extensions and the rules, "+
		"%d invalid for other reasons, %d with errors that keep the rules from running; %d extensions lowered, %d left out",
		len(crds), placements, total.compared(), total.accepted, total.rejected, total.invalid, total.blocked, total.lowered, total.unlowered)
	if total.compared() < 3000 || total.rejected < 300 || total.accepted < 300 || total.invalid+total.blocked < 300 || total.lowered < 300 {
		t.Errorf("too few pairs compared, or extensions lowered, to prove anything: %+v", total)
	}
}

// seedOf is the seed of a CRD's placement: its name's hash, so that adding
// a CRD changes no other CRD's placements.
func seedOf(crd map[string]any, placement int) int64 {
	meta, _ := crd["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", name, placement)
	return int64(h.Sum64())
}

type tally struct {
	accepted, rejected, invalid, blocked int
	lowered, unlowered                   int
}

func (t *tally) compared() int { return t.accepted + t.rejected + t.invalid + t.blocked }

func (t *tally) add(o tally) {
	t.accepted += o.accepted
	t.rejected += o.rejected
	t.invalid += o.invalid
	t.blocked += o.blocked
	t.lowered += o.lowered
	t.unlowered += o.unlowered
}

// comparePairs generates update pairs for one version and compares them.
func comparePairs(t *testing.T, l lowered, withExt map[string]any, version string, seed int64) tally {
	t.Helper()
	sd := l.sides(t, version)
	var out tally
	crd, _ := schema.DecodeCRD(manifest.Document{Object: withExt})
	s := crd.VersionSchema(version)
	gen := objgen.New(seed, objgen.ValidOnly)
	rnd := rand.New(rand.NewSource(seed))
	apiVersion := crd.Spec.Group + "/" + version
	for i := range pairsEach {
		old := gen.Resource(s, apiVersion, crd.Spec.Names.Kind)
		meta := old["metadata"].(map[string]any)
		if crd.Namespaced() {
			meta["namespace"] = "ns"
		}
		new := gen.Mutate(s, old)
		switch i % 5 {
		case 0: // a second generation: larger differences
			new = gen.Resource(s, apiVersion, crd.Spec.Names.Kind)
			new["metadata"] = jsonvalue.DeepCopy(meta)
		case 1: // a parent removed, with the fields below it
			dropParent(rnd, s, new)
		case 2: // a parent added
			old = jsonvalue.DeepCopyObject(old)
			dropParent(rnd, s, old)
		}
		got, err := sd.compare(old, new)
		if err != nil {
			dump(t, l.res.CRD, withExt)
			t.Fatalf("%s version %s (seed %d, pair %d): %v\nold: %v\nnew: %v", crd.Name(), version, seed, i, err, old, new)
		}
		switch got {
		case accepted:
			out.accepted++
		case rejected:
			out.rejected++
		case blocked:
			out.blocked++
		default:
			out.invalid++
		}
	}
	return out
}

// dropParent removes one optional object property of obj that holds
// properties of its own (a parent of fields), chosen at random among
// those present at any depth but the root's metadata: an update removes
// it when obj is the new object, adds it when obj is the old one.
func dropParent(rnd *rand.Rand, s *schema.Schema, obj map[string]any) {
	var parents []func()
	var walk func(s *schema.Schema, v any, top bool)
	walk = func(s *schema.Schema, v any, top bool) {
		if s == nil {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, name := range sortedKeys(v) {
				p, ok := s.Properties[name]
				switch {
				case !ok:
					walk(s.AdditionalPropertiesSchema(), v[name], false)
					continue
				case top && name == "metadata":
					continue
				}
				if _, isObj := v[name].(map[string]any); isObj && len(p.Properties) > 0 && !slices.Contains(s.Required, name) {
					parents = append(parents, func() { delete(v, name) })
				}
				walk(p, v[name], false)
			}
		case []any:
			for _, item := range v {
				walk(s.Items, item, false)
			}
		}
	}
	walk(s, obj, true)
	if len(parents) > 0 {
		parents[rnd.Intn(len(parents))]()
	}
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
	dirs := []string{filepath.Join("..", "examples", "crd.yaml"), filepath.Join("..", "examples", "params", "kudo-crds.yaml")}
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
