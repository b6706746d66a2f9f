package gencrd

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/schema"
)

var rounds = flag.Int("rounds", 2000, "generated objects; each gives a create, a violation and an update")

// tally counts what the round trip compared.
type tally struct {
	creates, updates, accepted, rejected, undecodable, differences int
	// skipped counts the errors left out by each semantic difference.
	skipped map[string]int
}

// TestRoundTrip is the proof: objects generated from the CRD's schema
// (valid ones, each with one keyword broken, and random changes of stored
// objects as updates) are validated by the Go code kval gen made of
// package api and by the engine on the CRD kval gen crd made of it. The
// verdicts, and each error's type and field path, must be the same; the
// messages too except for keyword-mapped tags (see sameError).
func TestRoundTrip(t *testing.T) {
	v, s := loadEngine(t)
	valid := objgen.New(1, objgen.ValidOnly)
	hostile := objgen.New(2, objgen.Options{Optional: 0.7, WrongType: 0.02, MaxItems: 5, MaxDepth: 2})
	c := tally{skipped: map[string]int{}}
	for i := range *rounds {
		g := valid
		if i%4 == 3 {
			g = hostile
		}
		obj := resource(g, v, s)
		stored := c.create(t, v, fmt.Sprintf("create %d", i), obj)
		if bad, ok := violated(g, s, obj); ok {
			c.create(t, v, fmt.Sprintf("violation %d", i), bad)
		}
		if stored != nil {
			c.update(t, v, fmt.Sprintf("update %d", i), g.Mutate(s, stored), stored)
		}
	}
	summary := fmt.Sprintf("conformance/gencrd round trip: %d creates and %d updates compared: %d accepted and %d rejected by both (%d while decoding), %d differences",
		c.creates, c.updates, c.accepted, c.rejected, c.undecodable, c.differences)
	for _, reason := range slices.Sorted(maps.Keys(c.skipped)) {
		summary += fmt.Sprintf("\n  %d errors not compared: %s", c.skipped[reason], reason)
	}
	t.Log(summary)
	fmt.Println(summary)
	if c.creates+c.updates < 5000 || c.rejected < 500 || c.accepted < 500 {
		t.Errorf("too few cases of each verdict to prove anything: %+v", c)
	}
}

func resource(g *objgen.Generator, v *engine.Validator, s *schema.Schema) map[string]any {
	obj := g.Resource(s, v.APIVersion(), v.Kind())
	meta := obj["metadata"].(map[string]any)
	meta["namespace"] = "default"
	return obj
}

func violated(g *objgen.Generator, s *schema.Schema, obj map[string]any) (map[string]any, bool) {
	bad := deepCopy(obj)
	_, ok := g.Violate(s, bad)
	return bad, ok
}

// create compares a create and returns the object as it would be stored,
// rejected or not, as the old object of an update: kube-apiserver never
// validates the old object, and ratcheting lets objects stored under older
// rules stay; nil when the Go type cannot decode it.
func (c *tally) create(t *testing.T, v *engine.Validator, what string, obj map[string]any) map[string]any {
	t.Helper()
	c.creates++
	ours, stored := engineSide(t, v, obj, nil)
	theirs := goSide(stored, nil)
	c.compare(t, what, ours, theirs, stored, nil)
	if theirs.undecodable {
		return nil
	}
	return stored
}

func (c *tally) update(t *testing.T, v *engine.Validator, what string, obj, old map[string]any) {
	t.Helper()
	c.updates++
	ours, stored := engineSide(t, v, obj, old)
	theirs := goSide(stored, old)
	c.compare(t, what, ours, theirs, stored, old)
}

func (c *tally) compare(t *testing.T, what string, engineV, goV verdict, obj, old map[string]any) {
	t.Helper()
	switch {
	case engineV.rejected() && goV.rejected():
		c.rejected++
	case !engineV.rejected() && !goV.rejected():
		c.accepted++
	}
	if goV.undecodable {
		c.undecodable++
		if !engineV.rejected() {
			c.differences++
			t.Errorf("%s: the Go type cannot decode the object the engine accepts\nold: %v\nnew: %v", what, old, obj)
		}
		return
	}
	if d := c.diff(engineV.errs, goV.errs, obj, old); d != "" {
		c.differences++
		t.Errorf("%s differs\nold: %v\nnew: %v\n%s", what, old, obj, d)
	}
}

// diff compares two error lists as sets of keys (type, field, message;
// see normalizer): a format's Go check may report several problems of one
// value where the CRD's rule reports one. When kube-apiserver's earlier
// errors kept the CRD's rules from running, the engine's errors must be
// among the Go code's, whose rule-like checks have nothing to compare with.
func (c *tally) diff(engineErrs, goErrs field.ErrorList, obj, old map[string]any) string {
	goErrs = atList(goErrs)
	n := newNormalizer(engineErrs)
	cut := shortCircuited(goErrs)
	engineKeys, goKeys := map[string]bool{}, map[string]*field.Error{}
	blocked, nulls := false, false
	for _, e := range engineErrs {
		switch {
		case e.Field == "<nil>" && e.Detail == blockingRules:
			blocked = true
		case below(e.Field, cut):
			c.skipped[shortCircuitReason]++
		case nullItem.MatchString(e.Detail):
			c.skipped[nullReason]++
			nulls = true
		case minCount(n.engineKey(e)) && emptyAt(obj, e.Field):
			c.skipped[emptyReason]++
		case emptyPresence(e, obj, old):
			c.skipped[emptyPresenceReason]++
		case throughParent(e, obj, old):
			c.skipped[parentLifecycleReason]++
		default:
			engineKeys[n.engineKey(e)] = true
		}
	}
	for _, e := range goErrs {
		goKeys[n.goKey(e)] = e
	}
	var lines []string
	had := oldKeys(n, old)
	for k := range engineKeys {
		switch {
		case goKeys[k] != nil:
		case had[k]:
			c.skipped[ratchetReason]++
		default:
			lines = append(lines, "  only the engine: "+k)
		}
	}
	for k, e := range goKeys {
		switch {
		case engineKeys[k] || blocked:
		case uncorrelated(e, obj, old):
			c.skipped[addedParentReason]++
		default:
			lines = append(lines, "  only the Go code: "+k)
		}
	}
	if blocked && !nulls && len(goErrs) == 0 && len(engineKeys) == 0 {
		lines = append(lines, "  the engine rejects, the Go code accepts")
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// oldKeys are the keys of the Go code's errors on the old object of an
// update, validated as a create.
func oldKeys(n normalizer, old map[string]any) map[string]bool {
	keys := map[string]bool{}
	if old == nil {
		return keys
	}
	for _, e := range goSide(old, nil).errs {
		keys[n.goKey(e)] = true
	}
	return keys
}

// blockingRules is kube-apiserver's error when earlier errors kept the
// x-kubernetes-validations rules from running.
const blockingRules = "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation"
