package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
	kschema "github.com/kval-dev/kval/schema"
)

// TestKvaltestAgreesOnGeneratedSequences is TestKvaltestAgreesWithKubeAPIServer
// on sequences objgen generates for every served version of its CRDs (the
// lowered example, Gateway API's experimental channel, KUDO): at least
// minGeneratedSteps operations (creates and dry runs, reads, updates,
// merge and JSON patches, server-side apply, status updates and patches,
// dry-run and real deletes), each answering on kvaltest what it answers
// on kube-apiserver: status code, error and causes, object, warnings.
func TestKvaltestAgreesOnGeneratedSequences(t *testing.T) {
	kval, server, crds := agreementClients(t)
	generated := generatedSequences(generatedTargets(t, crds))
	if n := countSteps(generated); n < minGeneratedSteps {
		t.Fatalf("%d generated operations, want at least %d", n, minGeneratedSteps)
	}
	t.Logf("%d generated operations on each side", countSteps(generated))
	runAgreement(t, kval, server, generated, "agree-gen")
}

// generatedPerVersion is the number of objects generated for each served
// version of each CRD; each object goes through one sequence of
// generatedSteps operations.
const generatedPerVersion = 7

// generatedOptions are objgen's: objects valid by their schema's values
// (CEL rules not considered, so some fail them), some with a keyword
// violated (see generatedObject), some with an ownerReference that lacks a
// field.
var generatedOptions = func() objgen.Options {
	o := objgen.ValidOnly
	o.OwnerReferences, o.Null = 0.3, 0.03
	return o
}()

// generatedTarget is one served version of a CRD that sequences are
// generated for.
type generatedTarget struct {
	crd        *kschema.CRD
	version    string
	schema     *kschema.Schema
	hasStatus  bool
	namespaced bool
}

func (g generatedTarget) apiVersion() string { return g.crd.Spec.Group + "/" + g.version }

// generatedTargets are the served versions of crds that have a schema.
func generatedTargets(t *testing.T, crds []map[string]any) []generatedTarget {
	t.Helper()
	var out []generatedTarget
	for _, doc := range crds {
		crd, errs := kschema.DecodeCRD(manifest.Document{Object: doc})
		if len(errs) > 0 {
			t.Fatalf("decoding CRD %v: %v", doc["metadata"], errs)
		}
		for _, v := range crd.Spec.Versions {
			s := crd.VersionSchema(v.Name)
			if !v.Served || s == nil {
				continue
			}
			sub := crd.VersionSubresources(v.Name)
			out = append(out, generatedTarget{crd: crd, version: v.Name, schema: s, hasStatus: sub != nil && sub.Status, namespaced: crd.Namespaced()})
		}
	}
	return out
}

// generatedSequences are generatedPerVersion sequences for each target,
// from one seed per target, so that a failure replays.
func generatedSequences(targets []generatedTarget) []sequence {
	var seqs []sequence
	for i, tg := range targets {
		g := objgen.New(int64(1000+i), generatedOptions)
		for k := 0; k < generatedPerVersion; k++ {
			name := fmt.Sprintf("gen-%d-%d", i, k)
			seqs = append(seqs, sequence{
				name:  fmt.Sprintf("generated %s %s %d", tg.crd.Spec.Names.Kind, tg.version, k),
				steps: generatedSteps(g, tg, name, k),
			})
		}
	}
	return seqs
}

// generatedSteps is one object's life: dry-run and real creates, reads,
// an update, merge and JSON patches, server-side apply, status writes and
// dry-run and real deletes. Every value is generated here, once, so both
// sides send the same requests.
func generatedSteps(g *objgen.Generator, tg generatedTarget, name string, k int) []step {
	obj := generatedObject(g, tg, name, k%3 == 2)
	key := object(tg.apiVersion(), tg.crd.Spec.Names.Kind, name, nil)
	if !tg.namespaced {
		key.SetNamespace("")
	}
	mutated := func() map[string]any { return content(g.Mutate(tg.schema, obj.Object)) }
	steps := []step{
		creates(obj, client.DryRunAll),
		creates(obj),
		reads(key),
		updates("generated", key, replaceContent(mutated())),
		patches("generated spec", key, types.MergePatchType, mustJSON(mutated())),
		patches("generated spec", key, types.JSONPatchType, jsonPatchReplacing(mutated())),
		applies("generated", applyConfig(key, mutated()), "generator", true),
	}
	if tg.hasStatus {
		if st, ok := tg.schema.Properties["status"]; ok {
			status := map[string]any{"status": g.Value(st)}
			steps = append(steps, updatesStatus("generated", key, replaceStatus(status["status"])),
				patchesStatus("generated", key, types.MergePatchType, mustJSON(status)))
		}
	}
	steps = append(steps, reads(key), deletes(key, client.DryRunAll), deletes(key), reads(key))
	for i := range steps {
		steps[i].want = anyOutcome
	}
	return steps
}

// generatedObject is a new object of tg, with one keyword violated if
// violate.
func generatedObject(g *objgen.Generator, tg generatedTarget, name string, violate bool) *unstructured.Unstructured {
	fields := g.Resource(tg.schema, tg.apiVersion(), tg.crd.Spec.Names.Kind)
	if violate {
		g.Violate(tg.schema, fields)
	}
	u := &unstructured.Unstructured{Object: fields}
	u.SetNamespace(inSequenceNamespace)
	if !tg.namespaced {
		u.SetNamespace("")
	}
	u.SetName(name)
	return u
}

// content is obj without apiVersion, kind and metadata: what writes change.
func content(obj map[string]any) map[string]any {
	out := maps.Clone(obj)
	for _, k := range []string{"apiVersion", "kind", "metadata"} {
		delete(out, k)
	}
	return out
}

// replaceContent is an edit that replaces an object's content (all but
// apiVersion, kind and metadata) by c.
func replaceContent(c map[string]any) func(*unstructured.Unstructured) {
	return func(u *unstructured.Unstructured) {
		for k := range content(u.Object) {
			delete(u.Object, k)
		}
		maps.Copy(u.Object, clonedJSON(c))
	}
}

// replaceStatus is an edit that sets an object's status.
func replaceStatus(status any) func(*unstructured.Unstructured) {
	return func(u *unstructured.Unstructured) {
		u.Object["status"] = clonedJSON(map[string]any{"s": status})["s"]
	}
}

// jsonPatchReplacing is a JSON patch that sets each top-level field of c.
func jsonPatchReplacing(c map[string]any) string {
	ops := []any{}
	for _, k := range slices.Sorted(maps.Keys(c)) {
		ops = append(ops, map[string]any{"op": "add", "path": "/" + k, "value": c[k]})
	}
	return mustJSON(ops)
}

// applyConfig is an apply configuration of key's object with content c.
func applyConfig(key *unstructured.Unstructured, c map[string]any) *unstructured.Unstructured {
	u := key.DeepCopy()
	maps.Copy(u.Object, clonedJSON(c))
	return u
}

func clonedJSON(m map[string]any) map[string]any { return runtime.DeepCopyJSON(m) }

func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err) // generated values are JSON
	}
	return string(data)
}

// minGeneratedSteps is the least number of generated operations the test
// sends to each side.
const minGeneratedSteps = 2000

func countSteps(seqs []sequence) int {
	n := 0
	for _, s := range seqs {
		n += len(s.steps)
	}
	return n
}
