package crdupdate

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/conformance/compare"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

var (
	cases = flag.Int("updates", 400, "random CRD updates to compare")
	seed  = flag.Int64("seed", 1, "seed of the random updates")
)

// TestRandomUpdatesMatchUpstream: kval and kube-apiserver give the same
// errors on random updates of the corpus CRDs.
func TestRandomUpdatesMatchUpstream(t *testing.T) {
	bases := baseCRDs(t)
	r := rand.New(rand.NewSource(*seed))
	m := &mutator{r: r}
	rejected := 0
	for i := 0; i < *cases; i++ {
		base := bases[r.Intn(len(bases))]
		old, obj, what := m.pair(base)
		name := fmt.Sprintf("%d-%s", i, base.Source.File)
		t.Run(filepath.Base(name), func(t *testing.T) {
			if compareUpdate(t, old, obj, what) {
				rejected++
			}
		})
	}
	t.Logf("%d random CRD updates compared (seed %d), %d rejected", *cases, *seed, rejected)
	fmt.Printf("conformance/crdupdate: %d random CRD updates compared with upstream (seed %d), %d rejected by both\n", *cases, *seed, rejected)
}

// pair builds an old CRD (sometimes already invalid, sometimes with a live
// status) and a new one changed from it.
func (m *mutator) pair(base manifest.Document) (old, obj map[string]any, what []string) {
	old = jsonvalue.DeepCopyObject(base.Object)
	if m.r.Intn(3) > 0 {
		m.keepOneVersion(old) // most cases: one version, to keep the run short
	}
	if m.r.Intn(3) == 0 {
		what = append(what, "old: "+m.apply(invalidChanges, old))
	}
	if m.r.Intn(4) == 0 {
		what = append(what, "old status: "+m.liveStatus(old))
	}
	obj = jsonvalue.DeepCopyObject(old)
	delete(obj, "status")
	for n := 1 + m.r.Intn(3); n > 0; n-- {
		what = append(what, m.apply(changes, obj))
	}
	return old, obj, what
}

// keepOneVersion drops every version but a random one, which becomes the
// storage version.
func (m *mutator) keepOneVersion(crd map[string]any) {
	list := versions(crd)
	if len(list) < 2 {
		return
	}
	v := list[m.r.Intn(len(list))].(map[string]any)
	v["storage"] = true
	setVersions(crd, []any{v})
}

// liveStatus gives the old CRD the status of a CRD in a cluster: all its
// versions stored, or not established.
func (m *mutator) liveStatus(crd map[string]any) string {
	var stored []any
	for _, v := range versions(crd) {
		stored = append(stored, v.(map[string]any)["name"])
	}
	established := pick(m.r, "True", "False")
	crd["status"] = map[string]any{
		"storedVersions": stored,
		"conditions":     []any{map[string]any{"type": "Established", "status": established}},
	}
	return fmt.Sprintf("stored %v, established %s", stored, established)
}

// compareUpdate compares both verdicts; it returns whether the update is rejected.
func compareUpdate(t *testing.T, old, obj map[string]any, what []string) bool {
	t.Logf("changes: %s", strings.Join(what, "; "))
	want, err := upstreamErrors(old, obj)
	if err != nil {
		t.Fatal(err)
	}
	got := kvalErrors(t, old, obj)
	missing, extra := compare.Multiset(want, got)
	if len(missing)+len(extra) > 0 {
		t.Errorf("kval and upstream differ (%s)\nonly upstream:\n%s\nonly kval:\n%s", strings.Join(what, "; "), compare.Lines(missing), compare.Lines(extra))
	}
	return len(want) > 0
}

// kvalErrors is lint's verdict on the update, without kval's own errors
// about the mutability extensions.
func kvalErrors(t *testing.T, old, obj map[string]any) field.ErrorList {
	t.Helper()
	oldCRD, errs := schema.DecodeCRD(manifest.Document{Object: old})
	if len(errs) > 0 {
		t.Fatalf("kval cannot load the old CRD: %v", errs)
	}
	newCRD, errs := schema.DecodeCRD(manifest.Document{Object: obj})
	if len(errs) > 0 {
		t.Fatalf("kval cannot load the new CRD: %v", errs)
	}
	var out field.ErrorList
	for _, e := range lint.CheckCRDUpdate(context.Background(), oldCRD, newCRD, lint.Options{}) {
		if !strings.HasSuffix(e.Field, "x-kubernetes-mutability") && !strings.HasSuffix(e.Field, "x-kubernetes-key-mutability") {
			out = append(out, e)
		}
	}
	return out
}

// baseCRDs are the CRDs of the corpus and the example CRD.
func baseCRDs(t *testing.T) []manifest.Document {
	t.Helper()
	dir, err := corpus.Dir()
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"../../examples/crd.yaml"}
	for _, sub := range []string{"crds-standard", "crds-experimental"} {
		matches, _ := filepath.Glob(filepath.Join(dir, "gateway-api", sub, "*.yaml"))
		files = append(files, matches...)
	}
	var docs []manifest.Document
	for _, file := range files {
		read, errs := manifest.ReadFile(file)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", file, errs)
		}
		for _, doc := range read {
			if schema.IsCRD(doc.Object) {
				doc.Source.File = filepath.Base(file)
				docs = append(docs, doc)
			}
		}
	}
	if len(docs) < 10 {
		t.Fatalf("only %d base CRDs found", len(docs))
	}
	return docs
}
