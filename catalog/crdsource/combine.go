package crdsource

import (
	"fmt"
	"reflect"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// ConflictError is a CRD found among a run's objects that defines a kind
// differently from a CRD given as a source, or from another one of the run.
type ConflictError struct {
	Group, Kind string
	// Source is where the run's definition is; Other is where the other
	// definition is, and Given says it is a source.
	Source, Other manifest.Source
	Given         bool
}

func (e *ConflictError) Error() string {
	other := "another definition among the objects"
	if e.Given {
		other = "the one given as a CRD source"
	}
	return fmt.Sprintf("defines kind %s of group %s differently from %s, at %s: only one can serve its objects", e.Kind, e.Group, other, e.Other)
}

// Both says, for an object of the kind, that its two definitions differ,
// naming where each is.
func (e *ConflictError) Both() string {
	other := "among the objects"
	if e.Given {
		other = "given as a CRD source"
	}
	return fmt.Sprintf("kind %s of group %s is defined differently at %s and at %s (%s): neither serves its objects",
		e.Kind, e.Group, e.Source, e.Other, other)
}

// Combine adds the CRDs found among a run's objects (input) to those of
// its sources (given), so that they serve the run too. A CRD defined both
// ways, or twice among the objects, serves once when the definitions are
// the same (name and spec); when they differ, the run's copy is a
// *ConflictError problem naming both places, unless preferGiven, which
// serves the given one. Definitions that do not decode are not compared:
// the given one serves, and lookups or the run report the broken one.
func Combine(given, input *schema.Loaded, preferGiven bool) *schema.Loaded {
	out := &schema.Loaded{}
	merge(out, given)
	defined := map[schema.CRDIdentity]*definition{}
	for _, crd := range given.CRDs {
		defined[identityOf(crd)] = &definition{crd: crd, source: crd.Source, given: true}
	}
	for _, d := range given.Deferred {
		defined[d.CRDIdentity] = &definition{deferred: d, source: d.Source, given: true}
	}
	for _, def := range inputDefinitions(input) {
		id := def.identity()
		first, twice := defined[id]
		switch {
		case !twice:
			defined[id] = def
			add(out, def)
		case first.given && preferGiven, first.same(def):
		default:
			out.Problems = append(out.Problems, schema.Problem{Source: def.source, Object: fmt.Sprintf("%s %q", schema.CRDKind, def.name()),
				Err: &ConflictError{Group: id.Group, Kind: id.Kind, Source: def.source, Other: first.source, Given: first.given}})
		}
	}
	return out
}

func identityOf(crd *schema.CRD) schema.CRDIdentity {
	return schema.CRDIdentity{Group: crd.Spec.Group, Kind: crd.Spec.Names.Kind}
}

// inputDefinitions are the CRDs of the run, decoded or deferred.
func inputDefinitions(input *schema.Loaded) []*definition {
	var defs []*definition
	for _, crd := range input.CRDs {
		defs = append(defs, &definition{crd: crd, source: crd.Source})
	}
	for _, d := range input.Deferred {
		defs = append(defs, &definition{deferred: d, source: d.Source})
	}
	return defs
}

// definition is one CRD of Combine, decoded when it must be compared.
type definition struct {
	crd      *schema.CRD
	deferred *schema.DeferredCRD
	source   manifest.Source
	given    bool
	decoded  bool
}

func (d *definition) identity() schema.CRDIdentity {
	if d.deferred != nil {
		return d.deferred.CRDIdentity
	}
	return identityOf(d.crd)
}

// decode decodes a deferred definition once; nil when it does not decode.
func (d *definition) decode() *schema.CRD {
	if d.crd == nil && !d.decoded {
		d.decoded = true
		d.crd, _ = d.deferred.Decode()
	}
	return d.crd
}

func (d *definition) name() string {
	if crd := d.decode(); crd != nil {
		return crd.Name()
	}
	return ""
}

// same reports whether two definitions serve alike; one that does not
// decode is not compared (see Combine).
func (d *definition) same(other *definition) bool {
	a, b := d.decode(), other.decode()
	return a == nil || b == nil || (a.Name() == b.Name() && reflect.DeepEqual(a.Spec, b.Spec))
}

// add adds a definition to what serves: decoded if it already is.
func add(out *schema.Loaded, def *definition) {
	if def.crd != nil {
		out.CRDs = append(out.CRDs, def.crd)
		return
	}
	out.Deferred = append(out.Deferred, def.deferred)
}
