package catalog

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kval-dev/kval/schema"
)

// fakeResolver knows example.com's Widget and counts what it is asked.
type fakeResolver struct {
	crds  []*schema.CRD
	err   error
	asked atomic.Int32
}

func (r *fakeResolver) Resolve(_ context.Context, group, _, kind string) ([]*schema.CRD, error) {
	r.asked.Add(1)
	if group != "example.com" || kind != "Widget" {
		return nil, nil
	}
	return r.crds, r.err
}

func widgetResolver(t *testing.T) *fakeResolver {
	crds, problems, err := ReadBytes("resolved.yaml", []byte(crdYAML("widgets.example.com", 1)))
	if err != nil || len(crds) != 1 {
		t.Fatalf("%v %v", err, problems)
	}
	return &fakeResolver{crds: crds}
}

// TestResolverServesGroupsNoCRDDefinesOnce: concurrent lookups of a kind
// no CRD defines ask the resolver once, and what it gives serves them.
func TestResolverServesGroupsNoCRDDefinesOnce(t *testing.T) {
	r := widgetResolver(t)
	c := New(Options{Resolver: r})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			v, err := c.ForObject(t.Context(), "example.com/v1", "Widget")
			if err != nil || v.CRD().Source.File != "resolved.yaml" {
				t.Errorf("%v, %v", v, err)
			}
		})
	}
	wg.Wait()
	if r.asked.Load() != 1 {
		t.Errorf("asked %d times, want once", r.asked.Load())
	}
	if _, err := c.ForObject(t.Context(), "other.com/v1", "Gadget"); !errors.As(err, new(*NotCoveredError)) {
		t.Errorf("a kind the resolver does not know: %v, want NotCoveredError", err)
	}
}

// TestResolverNotAskedForDefinedGroups: a group a given CRD defines is
// never resolved, so the given CRD decides.
func TestResolverNotAskedForDefinedGroups(t *testing.T) {
	r := widgetResolver(t)
	c := New(Options{Resolver: r})
	if problems, err := c.LoadBytes("given.yaml", []byte(crdYAML("widgets.example.com", 2))); err != nil {
		t.Fatalf("%v %v", err, problems)
	}
	if _, err := c.ForObject(t.Context(), "example.com/v1", "Widget"); err != nil || r.asked.Load() != 0 {
		t.Errorf("%v, asked %d times", err, r.asked.Load())
	}
}

// TestResolverErrorFailsTheLookup: a CRD the resolver cannot get fails
// the lookup with a ResolveError naming the kind and why.
func TestResolverErrorFailsTheLookup(t *testing.T) {
	offline := errors.New("offline")
	c := New(Options{Resolver: &fakeResolver{err: offline}})
	_, err := c.ForObject(t.Context(), "example.com/v1", "Widget")
	var resolveErr *ResolveError
	if !errors.As(err, &resolveErr) || !errors.Is(err, offline) || resolveErr.Kind != "Widget" {
		t.Fatalf("%v, want a ResolveError wrapping the cause", err)
	}
}

// TestResolverServesAGroupKindByKind: a group that only resolved CRDs
// define is still resolved for its other kinds, one file at a time.
func TestResolverServesAGroupKindByKind(t *testing.T) {
	widgets, _, _ := ReadBytes("widgets.yaml", []byte(crdYAML("widgets.example.com", 1)))
	gadgetYAML := strings.NewReplacer("widget", "gadget", "Widget", "Gadget").Replace(crdYAML("gadgets.example.com", 1))
	gadgets, _, _ := ReadBytes("gadgets.yaml", []byte(gadgetYAML))
	r := &kindResolver{byKind: map[string][]*schema.CRD{"Widget": widgets, "Gadget": gadgets}}
	c := New(Options{Resolver: r})
	for _, kind := range []string{"Widget", "Gadget", "Widget"} {
		if _, err := c.ForObject(t.Context(), "example.com/v1", kind); err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
	}
	if _, err := c.ForObject(t.Context(), "example.com/v1", "Gizmo"); !errors.As(err, new(*NoMatchError)) {
		t.Errorf("a kind of the group the resolver does not know: %v, want NoMatchError", err)
	}
}

// kindResolver gives the CRDs of each kind of example.com.
type kindResolver struct{ byKind map[string][]*schema.CRD }

func (r *kindResolver) Resolve(_ context.Context, _, _, kind string) ([]*schema.CRD, error) {
	return r.byKind[kind], nil
}
