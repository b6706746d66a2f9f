package catalog

import (
	"errors"
	"maps"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kval-dev/kval/schema"
)

// deferredSet holds the CRDs LoadFilesDeferred read but did not decode, by
// "group/kind". It is replaced, never changed; each kind's once guards its
// own decoding.
type deferredSet struct {
	byKind map[string]*deferredKind
	groups map[string]bool
}

// deferredKind is the documents of one group and kind, decoded and put into
// the catalog by the first lookup of that kind, once.
type deferredKind struct {
	once sync.Once
	docs []*schema.DeferredCRD
	err  error
	// decoding is set while a goroutine decodes them (see Preparing).
	decoding atomic.Bool
}

// UnusableCRDError says that a CRD decoded when an object first needed it
// cannot be used: kval validate would have refused it up front, had it
// decoded every CRD.
type UnusableCRDError struct {
	Problems []schema.Problem
	// Duplicate says that the kind is defined twice: only that kind's
	// objects are refused, each naming both definitions.
	Duplicate bool
}

func (e *UnusableCRDError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Error()
	}
	return "unusable CustomResourceDefinition: " + strings.Join(msgs, "; ")
}

// LoadFilesDeferred is LoadFiles that decodes a CRD only when an object of
// its kind is first looked up (schema.LoadFilesDeferred): a run that
// validates one object need not decode every CRD it was given. The
// problems of a CRD no object needs are never found (kval lint finds
// them); those of one an object needs are that lookup's
// *UnusableCRDError. CRDs() and Check see decoded CRDs only.
func (c *Catalog) LoadFilesDeferred(paths ...string) ([]schema.Problem, error) {
	return c.Load(schema.LoadFilesDeferred(paths))
}

// Load puts what was read (schema.LoadFiles, schema.LoadFilesDeferred,
// package crdsource) into the catalog: its decoded CRDs now, its deferred
// ones on the first lookup of their kind. When a problem is an error it
// returns ErrUnusable and puts nothing, as LoadFiles.
func (c *Catalog) Load(loaded *schema.Loaded) ([]schema.Problem, error) {
	crds, problems, err := usable(loaded)
	if err != nil {
		return problems, err
	}
	if err := c.Put(crds...); err != nil {
		return problems, err
	}
	c.addDeferred(loaded.Deferred)
	return problems, nil
}

func (c *Catalog) addDeferred(docs []*schema.DeferredCRD) {
	c.mu.Lock()
	defer c.mu.Unlock()
	next := &deferredSet{byKind: map[string]*deferredKind{}, groups: map[string]bool{}}
	if old := c.deferred.Load(); old != nil {
		maps.Copy(next.byKind, old.byKind)
		maps.Copy(next.groups, old.groups)
	}
	for _, d := range docs {
		key := d.Group + "/" + d.Kind
		if next.byKind[key] == nil {
			next.byKind[key] = &deferredKind{}
		}
		next.byKind[key].docs = append(next.byKind[key].docs, d)
		next.groups[d.Group] = true
	}
	c.deferred.Store(next)
}

// Empty reports whether the catalog has no CRD, decoded or deferred.
func (c *Catalog) Empty() bool {
	d := c.deferred.Load()
	return len(c.current.Load().byName) == 0 && (d == nil || len(d.byKind) == 0)
}

// definesGroup reports whether a CRD of the catalog, decoded or deferred,
// defines group.
func (c *Catalog) definesGroup(snap *snapshot, group string) bool {
	d := c.deferred.Load()
	return snap.groups[group] || (d != nil && d.groups[group])
}

// decodeDeferred decodes and puts into the catalog the deferred CRDs of
// group and kind ("" for every kind of the group), if any.
func (c *Catalog) decodeDeferred(group, kind string) error {
	d := c.deferred.Load()
	if d == nil || !d.groups[group] {
		return nil
	}
	if kind != "" {
		return c.decodeKind(group+"/"+kind, d.byKind[group+"/"+kind])
	}
	var errs []error
	for key, dk := range d.byKind {
		if strings.HasPrefix(key, group+"/") {
			errs = append(errs, c.decodeKind(key, dk))
		}
	}
	return errors.Join(errs...)
}

func (c *Catalog) decodeKind(key string, dk *deferredKind) error {
	if dk == nil {
		return nil
	}
	dk.once.Do(func() {
		dk.decoding.Store(true)
		defer dk.decoding.Store(false)
		dk.err = c.putDecoded(key, dk.docs)
	})
	return dk.err
}

// putDecoded decodes the documents of one group and kind and puts the
// CRD into the catalog: a kind defined twice, by them or by a decoded CRD,
// is a problem, as LoadFiles reports it.
func (c *Catalog) putDecoded(key string, docs []*schema.DeferredCRD) error {
	var crds []*schema.CRD
	if existing := c.current.Load().byKind[key]; existing != nil {
		crds = append(crds, existing.crd)
	}
	for _, doc := range docs {
		crd, problems := doc.Decode()
		if len(problems) > 0 {
			return &UnusableCRDError{Problems: problems}
		}
		crds = append(crds, crd)
	}
	if dups := (&schema.Loaded{CRDs: crds}).Duplicates(); len(dups) > 0 {
		return &UnusableCRDError{Problems: dups, Duplicate: true}
	}
	return c.Put(crds[len(crds)-1])
}
