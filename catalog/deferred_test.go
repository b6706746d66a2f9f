package catalog

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// blockCRD is a CRD in the block style ScanCRDIdentity reads; extra is
// added to its spec.
func blockCRD(plural, kind, extra string) string {
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: %[1]s.example.com
spec:
  group: example.com
  scope: Namespaced
  names:
    plural: %[1]s
    kind: %[2]s
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: string, maxLength: 3}
%[3]s`, plural, kind, extra)
}

// deferredCatalog writes files into a directory and loads it deferred.
func deferredCatalog(t *testing.T, files map[string]string) *Catalog {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := New(Options{})
	if problems, err := c.LoadFilesDeferred(dir); err != nil {
		t.Fatalf("load: %v %v", err, problems)
	}
	return c
}

// TestDeferredCRDsDecodeOnFirstLookup: nothing is decoded before an object
// needs it; a lookup decodes its kind only, and the lookup rules are those
// of a catalog that decoded everything.
func TestDeferredCRDsDecodeOnFirstLookup(t *testing.T) {
	c := deferredCatalog(t, map[string]string{
		"widgets.yaml": blockCRD("widgets", "Widget", ""),
		"gadgets.yaml": blockCRD("gadgets", "Gadget", ""),
	})
	ctx := context.Background()
	if len(c.CRDs()) != 0 || c.Empty() {
		t.Fatalf("before any lookup: %d decoded, empty %v", len(c.CRDs()), c.Empty())
	}
	v, err := c.ForObject(ctx, "example.com/v1", "Widget")
	if err != nil || v.Kind() != "Widget" {
		t.Fatalf("Widget: %v", err)
	}
	if got := c.CRDs(); len(got) != 1 || got[0].Name() != "widgets.example.com" {
		t.Errorf("after the Widget lookup, decoded %v", got)
	}
	var noMatch *NoMatchError
	if _, err := c.ForObject(ctx, "example.com/v1", "Doohickey"); !errors.As(err, &noMatch) {
		t.Errorf("a kind no CRD of a deferred group defines: %v, want NoMatchError", err)
	}
	if _, err := c.ForObject(ctx, "example.com/v2", "Gadget"); !errors.As(err, &noMatch) || !strings.Contains(err.Error(), "has no version v2") {
		t.Errorf("an unknown version of a deferred kind: %v", err)
	}
	var notCovered *NotCoveredError
	if _, err := c.ForObject(ctx, "other.com/v1", "Widget"); !errors.As(err, &notCovered) {
		t.Errorf("another group: %v, want NotCoveredError", err)
	}
	if v, err := c.ForResource(ctx, "example.com", "v1", "gadgets"); err != nil || v.Kind() != "Gadget" {
		t.Errorf("gadgets by resource: %v", err)
	}
}

// TestDeferredCRDProblemsShowOnLookup: a deferred CRD that cannot be used
// fails the lookups of its kind, with the problem, and no other; a kind
// defined twice names both places.
func TestDeferredCRDProblemsShowOnLookup(t *testing.T) {
	c := deferredCatalog(t, map[string]string{
		"widgets.yaml":  blockCRD("widgets", "Widget", "  unknownField: true\n"),
		"gadgets.yaml":  blockCRD("gadgets", "Gadget", ""),
		"gadgets2.yaml": blockCRD("gadgets", "Gadget", ""),
		"things.yaml":   blockCRD("things", "Thing", ""),
	})
	ctx := context.Background()
	var unusable *UnusableCRDError
	_, err := c.ForObject(ctx, "example.com/v1", "Widget")
	if !errors.As(err, &unusable) || !strings.Contains(err.Error(), "unknownField") {
		t.Errorf("a CRD with an unknown field: %v", err)
	}
	if _, again := c.ForObject(ctx, "example.com/v1", "Widget"); again == nil || again.Error() != err.Error() {
		t.Errorf("the second lookup: %v, want the first's error", again)
	}
	_, err = c.ForObject(ctx, "example.com/v1", "Gadget")
	if !errors.As(err, &unusable) || !strings.Contains(err.Error(), "defines kind Gadget of group example.com again") {
		t.Errorf("a kind defined twice: %v", err)
	}
	if _, err := c.ForObject(ctx, "example.com/v1", "Thing"); err != nil {
		t.Errorf("a good CRD beside broken ones: %v", err)
	}
}

// TestDeferredLookupsRace: concurrent lookups decode each kind once and
// all get a validator (run with -race in CI).
func TestDeferredLookupsRace(t *testing.T) {
	kinds := []string{"Widget", "Gadget", "Thing"}
	files := map[string]string{}
	for _, k := range kinds {
		files[k+".yaml"] = blockCRD(strings.ToLower(k)+"s", k, "")
	}
	c := deferredCatalog(t, files)
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			if _, err := c.ForObject(context.Background(), "example.com/v1", kinds[i%len(kinds)]); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := len(c.CRDs()); got != len(kinds) {
		t.Errorf("%d CRDs decoded, want %d", got, len(kinds))
	}
}
