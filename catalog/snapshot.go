package catalog

import (
	"cmp"
	"maps"
	"slices"
)

// snapshot is one immutable state of the catalog: its entries and indexes.
type snapshot struct {
	byName map[string]*entry
	// byKind and byResource are keyed "group/kind" and "group/plural".
	byKind     map[string]*entry
	byResource map[string]*entry
	groups     map[string]bool
}

// newSnapshot indexes entries known not to conflict.
func newSnapshot(entries map[string]*entry) *snapshot {
	s, _ := indexed(entries)
	return s
}

// indexed builds the snapshot of entries, or reports the first CRD (by
// name) that defines a kind or resource another one defines.
func indexed(entries map[string]*entry) (*snapshot, error) {
	s := &snapshot{byName: entries, byKind: map[string]*entry{}, byResource: map[string]*entry{}, groups: map[string]bool{}}
	if s.byName == nil {
		s.byName = map[string]*entry{}
	}
	for _, e := range s.sorted() {
		spec := e.crd.Spec
		if prev, dup := s.byKind[spec.Group+"/"+spec.Names.Kind]; dup {
			return nil, &ConflictError{CRD: e.crd, Existing: prev.crd, What: "kind " + spec.Names.Kind}
		}
		if prev, dup := s.byResource[spec.Group+"/"+spec.Names.Plural]; dup {
			return nil, &ConflictError{CRD: e.crd, Existing: prev.crd, What: "resource " + spec.Names.Plural}
		}
		s.byKind[spec.Group+"/"+spec.Names.Kind] = e
		s.byResource[spec.Group+"/"+spec.Names.Plural] = e
		s.groups[spec.Group] = true
	}
	return s, nil
}

// entries returns a copy of the entries, for a writer to change.
func (s *snapshot) entries() map[string]*entry { return maps.Clone(s.byName) }

// sorted returns the entries by CRD name.
func (s *snapshot) sorted() []*entry {
	out := slices.Collect(maps.Values(s.byName))
	slices.SortFunc(out, func(a, b *entry) int { return cmp.Compare(a.crd.Name(), b.crd.Name()) })
	return out
}
