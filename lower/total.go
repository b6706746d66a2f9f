package lower

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/schema"
)

// schemaCosts are the estimated costs of the rules of one openAPIV3Schema,
// which count towards one total: the generated rules' by construct, and
// the CRD's own rules' (others), which Lower cannot leave out.
type schemaCosts struct {
	path       string
	others     uint64
	constructs map[string]*constructCost
}

// constructCost is what the rules of one construct cost in one schema.
type constructCost struct {
	id    string
	rule  placedRule
	cost  uint64
	rules []celrules.RuleCost
}

// overTotal adds to more, for every schema whose rules together cost more
// than kube-apiserver allows for a whole schema (StaticEstimatedCRDCostLimit),
// the constructs with the most expensive generated rules, as many as it
// takes to bring the rest under the limit; those already in more (over
// the per-rule limit) go first. The cost of a rule does not depend on the
// others, so the rules left fit. (Constructs below a left-out
// x-kubernetes-mutability get rules of their own in the next round, which
// are checked again then.)
func (b *built) overTotal(costs []celrules.RuleCost, more map[string]Unlowered, withFixes bool) error {
	for _, sc := range b.bySchema(costs) {
		var going uint64
		var cands []*constructCost
		for _, c := range sc.constructs {
			if _, ok := more[c.id]; ok {
				going = addCapped(going, c.cost)
			} else {
				cands = append(cands, c)
			}
		}
		slices.SortFunc(cands, func(x, y *constructCost) int {
			return cmp.Or(cmp.Compare(y.cost, x.cost), cmp.Compare(x.id, y.id))
		})
		kept := keptCosts(sc.others, cands)
		n := slices.IndexFunc(kept, func(k uint64) bool { return k <= celrules.StaticEstimatedCRDCostLimit })
		if n < 0 {
			return fmt.Errorf("%s %q: %s: the CRD's own rules cost more than a schema may (a bug in kval: it passed kval lint)", schema.CRDKind, b.crd, sc.path)
		}
		total := addCapped(kept[0], going)
		for i, c := range cands[:n] {
			more[c.id] = b.overTotalUnlowered(c, total, kept[n], withFixes && i < maxFixSearches, withFixes && i >= maxFixSearches)
		}
	}
	return nil
}

// maxFixSearches bounds the constructs of one schema whose bounds are
// searched for when the schema is over its total: each search compiles
// rules again, and hundreds of them took kval lower seconds each while
// the first few bounds, applied, change what the others need anyway.
const maxFixSearches = 16

// keptCosts[i] is the cost of the schema's rules with the first i
// candidates left out: others plus the cost of cands[i:].
func keptCosts(others uint64, cands []*constructCost) []uint64 {
	kept := make([]uint64, len(cands)+1)
	kept[len(cands)] = others
	for i := len(cands) - 1; i >= 0; i-- {
		kept[i] = addCapped(kept[i+1], cands[i].cost)
	}
	return kept
}

// overTotalUnlowered reports a construct left out for the total: the
// total and the limit, and the bounds that would bring its own rules
// within what the rules kept leave of the limit (each enough alone, with
// the other constructs left out); capped says that they were not searched
// for, past maxFixSearches.
func (b *built) overTotalUnlowered(c *constructCost, total, kept uint64, withFixes, capped bool) Unlowered {
	const limit = celrules.StaticEstimatedCRDCostLimit
	reason := fmt.Sprintf("the estimated cost of all rules of its schema, %d, exceeds kube-apiserver's limit for a whole schema, %d; "+
		"its rules, with an estimated cost of %d, are among the most expensive generated ones, left out until the rest (%d) fit",
		total, limit, c.cost, kept)
	var fixes []string
	if capped {
		reason += fmt.Sprintf(" (no bound searched beyond the %d most expensive: bound those, then lower again)", maxFixSearches)
	}
	if withFixes {
		slack := limit - kept
		for _, rc := range c.rules {
			if others := c.cost - rc.Cost; others < slack {
				for _, f := range rc.FixesWithin(slack - others) {
					fixes = append(fixes, uncollapse(f.String()))
				}
			}
		}
	}
	return b.unlowered(c.rule.version, c.rule.of, reason, fixes)
}

// bySchema groups the costs by schema, in the order of the schemas.
func (b *built) bySchema(costs []celrules.RuleCost) []*schemaCosts {
	var out []*schemaCosts
	index := map[string]*schemaCosts{}
	for _, rc := range costs {
		key := rc.Schema().String()
		sc, ok := index[key]
		if !ok {
			sc = &schemaCosts{path: key, constructs: map[string]*constructCost{}}
			index[key] = sc
			out = append(out, sc)
		}
		_, r, generated := b.generatedRule(rc.Path.String())
		if !generated {
			sc.others = addCapped(sc.others, rc.Cost)
			continue
		}
		id := constructID(r.version, r.of)
		c, ok := sc.constructs[id]
		if !ok {
			c = &constructCost{id: id, rule: r}
			sc.constructs[id] = c
		}
		c.cost = addCapped(c.cost, rc.Cost)
		c.rules = append(c.rules, rc)
	}
	return out
}

// addCapped adds as kube-apiserver adds costs: saturating.
func addCapped(a, b uint64) uint64 {
	if math.MaxUint64-a < b {
		return math.MaxUint64
	}
	return a + b
}
