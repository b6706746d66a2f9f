package pipeline

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/diff"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/conformance/compare"
	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/objgen"
)

var generated = flag.Int("generated", 200, "generated objects, violations and updates per CRD version")

// pair is one CRD version compiled by both sides.
type pair struct {
	kval     *engine.Validator
	upstream *upstream.Pipeline
}

func newPair(t *testing.T, v corpusset.Version) pair {
	t.Helper()
	k, err := engine.Compile(v.CRD, v.Version, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	u, err := upstream.NewPipeline(v.Upstream, v.Version)
	if err != nil {
		t.Fatal(err)
	}
	return pair{kval: k, upstream: u}
}

// tally counts comparisons across the test.
type tally struct {
	compared, rejected, decodeRejected, differences int
	byKind                                          map[string]int
}

func (c *tally) count(kind string) {
	if c.byKind == nil {
		c.byKind = map[string]int{}
	}
	c.byKind[kind]++
}

// TestPipelineMatchesUpstream runs, for every corpus CRD version with and
// without its rules: every corpus object (examples and invalid examples) as
// a create and as an unchanged update; generated valid objects as creates;
// generated violations of each keyword as creates; generated updates; and
// status updates.
func TestPipelineMatchesUpstream(t *testing.T) {
	versions, err := corpusset.Versions()
	if err != nil {
		t.Fatal(err)
	}
	objects, err := corpusset.Objects()
	if err != nil {
		t.Fatal(err)
	}
	var c tally
	for _, v := range versions {
		if v.Schema() == nil {
			continue
		}
		stripped, err := v.WithoutRules()
		if err != nil {
			t.Fatal(err)
		}
		for _, variant := range []corpusset.Version{stripped, v} {
			t.Run(variant.Name, func(t *testing.T) {
				runVersion(t, &c, variant, objects[v.GVK()])
			})
		}
	}
	summary := fmt.Sprintf("conformance/pipeline: %d requests compared (%d rejected by upstream's validation, %d by its decoding), %d differences; %s",
		c.compared, c.rejected, c.decodeRejected, c.differences, kinds(c.byKind))
	t.Log(summary)
	fmt.Println(summary)
}

func runVersion(t *testing.T, c *tally, v corpusset.Version, objects []corpusset.Object) {
	p := newPair(t, v)
	for _, o := range objects {
		obj := withNamespace(v, o.Object)
		p.create(t, c, "corpus", o.Source, obj)
		p.update(t, c, "corpus unchanged", o.Source, obj, obj)
	}
	g := objgen.New(seed(v.Name), objgen.ValidOnly)
	s := v.Schema()
	for i := range *generated {
		old := withNamespace(v, g.Resource(s, v.APIVersion(), v.Kind()))
		p.create(t, c, "generated", fmt.Sprint(i), old)
		bad := runtime.DeepCopyJSON(old)
		if violation, ok := g.Violate(s, bad); ok {
			p.create(t, c, "violation", violation.String(), bad)
		}
		current := withGeneration(old, int64(i%3))
		p.update(t, c, "generated update", fmt.Sprint(i), g.Mutate(s, current), current)
		p.updateStatus(t, c, fmt.Sprint(i), g.Mutate(s, current), current)
		if i < len(metadataChanges) {
			change := metadataChanges[i]
			changed := runtime.DeepCopyJSON(old)
			change.apply(changed["metadata"].(map[string]any))
			p.create(t, c, "metadata", change.name, changed)
			p.update(t, c, "metadata", change.name, changed, old)
			p.updateStatus(t, c, change.name, changed, old)
		}
	}
}

// metadataChanges break metadata in the ways the generic registry and the
// strategy check, on create and on update.
var metadataChanges = []struct {
	name  string
	apply func(meta map[string]any)
}{
	{"bad label", func(m map[string]any) { m["labels"] = map[string]any{"a": "not ok!"} }},
	{"bad annotation key", func(m map[string]any) { m["annotations"] = map[string]any{"-bad-": "x"} }},
	{"bad finalizer", func(m map[string]any) { m["finalizers"] = []any{"no/such/finalizer"} }},
	{"unqualified finalizer", func(m map[string]any) { m["finalizers"] = []any{"cleanup"} }},
	{"renamed", func(m map[string]any) { m["name"] = "renamed" }},
	{"bad name", func(m map[string]any) { m["name"] = "Bad_Name" }},
	{"new uid", func(m map[string]any) { m["uid"] = "changed" }},
	{"negative generation", func(m map[string]any) { m["generation"] = int64(-1) }},
	{"generateName only", func(m map[string]any) { delete(m, "name"); m["generateName"] = "gen-" }},
}

func (p pair) create(t *testing.T, c *tally, kind, what string, obj map[string]any) {
	t.Helper()
	theirs, err := p.upstream.Create(runtime.DeepCopyJSON(obj))
	ours := p.validate(t, engine.Request{Operation: engine.Create, Object: runtime.DeepCopyJSON(obj)})
	p.compare(t, c, kind, what, ours, theirs, err, obj, nil)
}

func (p pair) update(t *testing.T, c *tally, kind, what string, obj, old map[string]any) {
	t.Helper()
	obj, old = stored(obj), stored(old)
	theirs, err := p.upstream.Update(runtime.DeepCopyJSON(obj), runtime.DeepCopyJSON(old))
	ours := p.validate(t, engine.Request{Operation: engine.Update, Object: runtime.DeepCopyJSON(obj), OldObject: runtime.DeepCopyJSON(old)})
	p.compare(t, c, kind, what, ours, theirs, err, obj, old)
}

func (p pair) updateStatus(t *testing.T, c *tally, what string, obj, old map[string]any) {
	t.Helper()
	obj, old = stored(obj), stored(old)
	theirs, err := p.upstream.UpdateStatus(runtime.DeepCopyJSON(obj), runtime.DeepCopyJSON(old))
	ours := p.validate(t, engine.Request{Operation: engine.Update, Subresource: engine.StatusSubresource,
		Object: runtime.DeepCopyJSON(obj), OldObject: runtime.DeepCopyJSON(old)})
	p.compare(t, c, "status update", what, ours, theirs, err, obj, old)
}

// validate runs one request through kval.
func (p pair) validate(t *testing.T, req engine.Request) *engine.Result {
	t.Helper()
	res, err := p.kval.Validate(context.Background(), req)
	if err != nil {
		t.Fatalf("kval cannot run the request: %v", err)
	}
	return res
}

// compare checks one request's verdicts: upstream's decoding error (kval
// must reject too), else the error lists and the ratcheted errors, and the
// stored object when upstream accepts the request.
func (p pair) compare(t *testing.T, c *tally, kind, what string, ours *engine.Result, theirs upstream.Result, decodeErr error, obj, old map[string]any) {
	t.Helper()
	c.compared++
	c.count(kind)
	if decodeErr != nil {
		c.decodeRejected++
		if ours.Valid() {
			c.differences++
			t.Errorf("%s %s: upstream rejects it while decoding (%v), kval accepts it", kind, what, decodeErr)
		}
		return
	}
	if len(theirs.Errors) > 0 {
		c.rejected++
	}
	d := compare.Ordered(ours.Errors, theirs.Errors)
	d += diffWarnings(append(ours.Warnings, errorStrings(ours.Ratcheted)...), theirs.Warnings)
	if len(theirs.Errors) == 0 {
		d += diffStored(ours.Object, theirs.Object, old == nil)
	}
	if d != "" {
		c.differences++
		t.Errorf("%s %s differs\nold: %v\nnew: %v\n%s", kind, what, old, obj, d)
	}
}

// diffWarnings checks that every warning upstream gives (finalizer names,
// errors of CEL rules that ratcheting relaxed) is among kval's warnings and
// ratcheted errors. kval reports more: ratcheted value and list-type errors,
// which upstream drops silently, and what the status subresource resets.
func diffWarnings(kval, upstreamWarnings []string) string {
	have := map[string]int{}
	for _, k := range kval {
		have[compare.Stable(k)]++
	}
	var missing []string
	for _, w := range upstreamWarnings {
		key := compare.Stable(w)
		if have[key] == 0 {
			missing = append(missing, w)
			continue
		}
		have[key]--
	}
	if len(missing) == 0 {
		return ""
	}
	return "upstream warnings kval does not report:\n" + compare.Lines(missing) + "\n"
}

// volatile are the metadata fields a real apiserver sets to values neither
// side can know: storage's resourceVersion and, on create, a random uid and
// the time as creationTimestamp. An update copies those two from the old
// object, so they are compared.
func volatile(create bool) []string {
	if create {
		return []string{"resourceVersion", "uid", "creationTimestamp"}
	}
	return []string{"resourceVersion"}
}

// diffStored compares the object kval reports with the one upstream's
// registry hands to storage, without volatile fields.
func diffStored(kval, upstreamObj map[string]any, create bool) string {
	a, b := withoutVolatile(kval, create), withoutVolatile(upstreamObj, create)
	if reflect.DeepEqual(a, b) {
		return ""
	}
	d := diff.Diff(a, b)
	if d == "" { // the same JSON from different Go types
		d = diff.ObjectGoPrintSideBySide(a, b)
	}
	return "stored objects differ (- kval, + upstream):\n" + d
}

// withoutVolatile is obj without the volatile metadata fields; obj is not
// changed.
func withoutVolatile(obj map[string]any, create bool) map[string]any {
	if obj == nil {
		return nil
	}
	out := maps.Clone(obj)
	if meta, ok := out["metadata"].(map[string]any); ok {
		meta = maps.Clone(meta)
		for _, k := range volatile(create) {
			delete(meta, k)
		}
		out["metadata"] = meta
	}
	return out
}

// stored gives an object the resourceVersion every stored object has.
func stored(obj map[string]any) map[string]any {
	out := runtime.DeepCopyJSON(obj)
	meta, _ := out["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		out["metadata"] = meta
	}
	if rv, _ := meta["resourceVersion"].(string); rv == "" {
		meta["resourceVersion"] = "1"
	}
	return out
}

// withGeneration is a copy of obj with the given generation, as a stored
// object has after updates; 0 gives none, as objects without one have.
func withGeneration(obj map[string]any, generation int64) map[string]any {
	out := runtime.DeepCopyJSON(obj)
	if generation != 0 {
		out["metadata"].(map[string]any)["generation"] = generation
	}
	return out
}

// withNamespace gives objects of namespaced kinds the namespace of a
// request path, as kubectl sends them, and drops it for cluster-scoped kinds.
func withNamespace(v corpusset.Version, obj map[string]any) map[string]any {
	out := runtime.DeepCopyJSON(obj)
	meta, _ := out["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		out["metadata"] = meta
	}
	switch {
	case !v.CRD.Namespaced():
		delete(meta, "namespace")
	case meta["namespace"] == nil:
		meta["namespace"] = "default"
	}
	return out
}

func errorStrings(errs field.ErrorList) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

func seed(name string) int64 {
	var h int64
	for _, r := range name {
		h = h*31 + int64(r)
	}
	return h
}

func kinds(byKind map[string]int) string {
	var parts []string
	for _, k := range []string{"corpus", "corpus unchanged", "generated", "violation", "generated update", "status update", "metadata"} {
		parts = append(parts, fmt.Sprintf("%s %d", k, byKind[k]))
	}
	return strings.Join(parts, ", ")
}
