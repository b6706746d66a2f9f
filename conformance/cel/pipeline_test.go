package cel

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/objgen"
)

// pipelinePair is one CRD version through kval's engine and through
// upstream's decoding and strategy; and the same without its rules, to tell
// CEL's part of the verdict from the rest of the pipeline's.
type pipelinePair struct {
	kval, kvalWithoutRules         *engine.Validator
	upstream, upstreamWithoutRules *upstreamPipeline
}

type pipelineTally struct {
	compared, skipped, differences, rejected int
}

func newPipelinePair(t testing.TB, cv crdVersion) *pipelinePair {
	t.Helper()
	v, err := engine.Compile(cv.kval, cv.version, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	kvalCRD, upstreamCRD := withoutRules(t, cv)
	w, err := engine.Compile(kvalCRD, cv.version, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &pipelinePair{
		kval: v, kvalWithoutRules: w,
		upstream: newUpstreamPipeline(t, cv.upstream, cv.version), upstreamWithoutRules: newUpstreamPipeline(t, upstreamCRD, cv.version),
	}
}

// create compares a create request. When the two pipelines already differ
// without rules (a stage before CEL), the input is skipped: that difference
// belongs to the other stages' conformance.
func (p *pipelinePair) create(t testing.TB, c *pipelineTally, what string, obj map[string]any) {
	t.Helper()
	theirs, _, ok := p.upstream.create(runtime.DeepCopyJSON(obj))
	if !ok {
		return // rejected while decoding: the pruning conformance covers it
	}
	before, _, _ := p.upstreamWithoutRules.create(runtime.DeepCopyJSON(obj))
	if diffOrdered(p.kvalWithoutRules.Create(runtime.DeepCopyJSON(obj)).Errors, before) != "" {
		c.skipped++
		return
	}
	c.compared++
	if len(theirs) > 0 {
		c.rejected++
	}
	ours := p.kval.Create(runtime.DeepCopyJSON(obj))
	if d := diffOrdered(ours.Errors, theirs); d != "" {
		c.differences++
		t.Errorf("%s: create differs\nobject: %s\n%s", what, show(obj), d)
	}
}

// update compares an update request (objects as stored: with a resourceVersion).
func (p *pipelinePair) update(t testing.TB, c *pipelineTally, what string, obj, old map[string]any) {
	t.Helper()
	obj, old = stored(obj), stored(old)
	theirs, warnings, ok := p.upstream.update(runtime.DeepCopyJSON(obj), runtime.DeepCopyJSON(old))
	if !ok {
		return
	}
	before, _, _ := p.upstreamWithoutRules.update(runtime.DeepCopyJSON(obj), runtime.DeepCopyJSON(old))
	withoutRules := p.kvalWithoutRules.Update(runtime.DeepCopyJSON(old), runtime.DeepCopyJSON(obj))
	if diffOrdered(withoutRules.Errors, before) != "" {
		c.skipped++
		return
	}
	c.compared++
	if len(theirs) > 0 {
		c.rejected++
	}
	ours := p.kval.Update(runtime.DeepCopyJSON(old), runtime.DeepCopyJSON(obj))
	d := diffOrdered(ours.Errors, theirs)
	if w := diffRatchetWarnings(subtract(ours.Warnings, withoutRules.Warnings), warnings); w != "" {
		d += w
	}
	if d != "" {
		c.differences++
		t.Errorf("%s: update differs\nold: %s\nnew: %s\n%s", what, show(old), show(obj), d)
	}
}

// subtract removes from warnings (as a multiset) those of the pipeline
// without rules: what is left is CEL's.
func subtract(warnings, without []string) []string {
	counts := map[string]int{}
	for _, w := range without {
		counts[w]++
	}
	var out []string
	for _, w := range warnings {
		if counts[w] > 0 {
			counts[w]--
			continue
		}
		out = append(out, w)
	}
	return out
}

// diffRatchetWarnings compares kval's warnings about ratcheted rule errors
// with upstream's warnings (its only ones, in this setup, are those).
func diffRatchetWarnings(kval, upstream []string) string {
	var ours field.ErrorList
	for _, w := range kval {
		if text, ok := strings.CutSuffix(w, " (ratcheted: unchanged from the old object)"); ok {
			ours = append(ours, &field.Error{Detail: text})
		}
	}
	var texts []string
	for _, e := range ours {
		texts = append(texts, e.Detail)
	}
	return diffStrings(texts, upstream)
}

func diffStrings(a, b []string) string {
	counts := map[string]int{}
	for _, s := range a {
		counts[stable(s)]++
	}
	for _, s := range b {
		counts[stable(s)]--
	}
	var out []string
	for s, n := range counts {
		if n != 0 {
			out = append(out, fmt.Sprintf("%+d %s", n, s))
		}
	}
	if len(out) == 0 {
		return ""
	}
	return "ratcheted warnings (+kval -upstream):\n  " + strings.Join(out, "\n  ") + "\n"
}

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

// TestPipeline runs corpus examples and generated objects and updates
// through both pipelines, CEL included.
func TestPipeline(t *testing.T) {
	objects := corpusObjects(t)
	var c pipelineTally
	for _, cv := range corpusVersions(t) {
		if cv.schema() == nil {
			continue
		}
		t.Run(cv.name, func(t *testing.T) {
			p := newPipelinePair(t, cv)
			for _, o := range objects[cv.gvk] {
				obj := withNamespace(cv, o.object)
				p.create(t, &c, o.source, obj)
				p.update(t, &c, o.source+" (unchanged)", obj, obj)
			}
			g := objgen.New(seedOf(cv.name), objgen.ValidOnly)
			for i := 0; i < *generatedUpdates/2; i++ {
				old := withNamespace(cv, g.Resource(cv.schema(), cv.apiVersion(), cv.kind()))
				p.create(t, &c, fmt.Sprintf("generated #%d", i), old)
				p.update(t, &c, fmt.Sprintf("generated update #%d", i), g.Mutate(cv.schema(), old), old)
			}
		})
	}
	report(t, fmt.Sprintf("pipeline: %d comparisons (%d rejected by upstream), %d differences; %d skipped (the pipelines differ without rules: not CEL's part)",
		c.compared, c.rejected, c.differences, c.skipped))
}

// withNamespace gives objects of namespaced kinds the namespace of the
// request's path, and drops it for cluster-scoped kinds.
func withNamespace(cv crdVersion, obj map[string]any) map[string]any {
	out := runtime.DeepCopyJSON(obj)
	meta, _ := out["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		out["metadata"] = meta
	}
	if !cv.kval.Namespaced() {
		delete(meta, "namespace")
	} else if ns, _ := meta["namespace"].(string); ns == "" {
		meta["namespace"] = "default"
	}
	return out
}
