package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

// crdYAML is a CRD of group example.com, kind Widget, served at v1 and v2
// (v3 exists but is not served); spec.a and spec.b have the given maxLength.
func crdYAML(name string, maxLength int) string {
	return fmt.Sprintf(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: %s}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: &s {type: object, properties: {spec: {type: object, properties: {a: {type: string, maxLength: %[2]d}, b: {type: string, maxLength: %[2]d}}}}}}}
  - {name: v2, served: true, storage: false, schema: {openAPIV3Schema: *s}}
  - {name: v3, served: false, storage: false, schema: {openAPIV3Schema: *s}}
`, name, maxLength)
}

func loaded(t *testing.T, docs ...string) *Catalog {
	t.Helper()
	c := New(Options{})
	if problems, err := c.LoadBytes("test.yaml", []byte(strings.Join(docs, "---\n"))); err != nil {
		t.Fatalf("load: %v %v", err, problems)
	}
	return c
}

func TestLookupRules(t *testing.T) {
	c := loaded(t, crdYAML("widgets.example.com", 3))
	ctx := context.Background()
	var notCovered *NotCoveredError
	var noMatch *NoMatchError
	tests := []struct {
		apiVersion, kind string
		wantErr          any
		want             string
	}{
		{"example.com/v1", "Widget", nil, ""},
		{"example.com/v2", "Widget", nil, ""},
		{"v1", "Namespace", &notCovered, "a built-in kind of the core group, not a custom resource"},
		{"apps/v1", "Deployment", &notCovered, `no CustomResourceDefinition of group "apps" was given`},
		{"example.com/v3", "Widget", &noMatch, `no matches for kind "Widget" in version "example.com/v3": version v3 of CustomResourceDefinition "widgets.example.com" is not served`},
		{"example.com/v9", "Widget", &noMatch, `no matches for kind "Widget" in version "example.com/v9": CustomResourceDefinition "widgets.example.com" has no version v9`},
		{"example.com/v1", "Gadget", &noMatch, `no matches for kind "Gadget" in version "example.com/v1": no CustomResourceDefinition of group example.com defines kind Gadget`},
	}
	for _, tc := range tests {
		v, err := c.ForObject(ctx, tc.apiVersion, tc.kind)
		switch {
		case tc.wantErr == nil && (err != nil || v.APIVersion() != tc.apiVersion):
			t.Errorf("%s %s: got %v, %v", tc.apiVersion, tc.kind, v, err)
		case tc.wantErr != nil && (!errors.As(err, tc.wantErr) || err.Error() != tc.want):
			t.Errorf("%s %s: got %v, want %T %q", tc.apiVersion, tc.kind, err, tc.wantErr, tc.want)
		}
	}
	if v, err := c.ForResource(ctx, "example.com", "v2", "widgets"); err != nil || v.APIVersion() != "example.com/v2" {
		t.Errorf("by resource: got %v, %v", v, err)
	}
	if _, err := c.ForResource(ctx, "example.com", "v1", "gadgets"); !errors.As(err, &noMatch) {
		t.Errorf("unknown resource: got %v", err)
	}
}

func TestEachVersionCompilesOnce(t *testing.T) {
	c := loaded(t, crdYAML("widgets.example.com", 3))
	first, _ := c.ForObject(context.Background(), "example.com/v1", "Widget")
	again, _ := c.ForObject(context.Background(), "example.com/v1", "Widget")
	other, _ := c.ForObject(context.Background(), "example.com/v2", "Widget")
	if first == nil || first != again || other == first {
		t.Errorf("want one validator per version, reused: %p %p %p", first, again, other)
	}
}

func TestACRDKubeAPIServerRejectsServesNothing(t *testing.T) {
	// A rule that does not compile: only lint's CEL checks see it.
	bad := strings.Replace(crdYAML("widgets.example.com", 3), "{type: string, maxLength: 3}", `{type: string, maxLength: 3, x-kubernetes-validations: [{rule: "self.nope("}]}`, 1)
	c := loaded(t, bad)
	_, err := c.ForObject(context.Background(), "example.com/v1", "Widget")
	var invalid *InvalidCRDError
	if !errors.As(err, &invalid) || !strings.Contains(err.Error(), "compilation failed") {
		t.Errorf("got %v, want the lint error", err)
	}
	if got := c.Check(context.Background()); len(got) != 1 || got[0] != invalid {
		t.Errorf("Check: got %v, want the same cached verdict", got)
	}
}

func TestLoadReportsUnusableDocumentsAndPutsNothing(t *testing.T) {
	c := New(Options{})
	problems, err := c.LoadBytes("in.yaml", []byte(crdYAML("widgets.example.com", 3)+"---\n{apiVersion: v1, kind: ConfigMap, metadata: {name: x}}\n---\n{type: object}\n---\nnot: [valid"))
	if !errors.Is(err, ErrUnusable) || len(c.CRDs()) != 0 {
		t.Fatalf("got %v with %d CRDs, want ErrUnusable and none", err, len(c.CRDs()))
	}
	var texts []string
	for _, p := range problems {
		texts = append(texts, fmt.Sprintf("%v %v", p.Warning, p))
	}
	got := strings.Join(texts, "\n")
	for _, want := range []string{`true in.yaml:13: ConfigMap "x" (v1): not a CustomResourceDefinition`, "true in.yaml:15: schema: a bare schema serves no apiVersion and kind", "false in.yaml:17"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems:\n%s\nwant a line with %q", got, want)
		}
	}
}

func TestPutRefusesConflictsAtomically(t *testing.T) {
	c := loaded(t, crdYAML("widgets.example.com", 3))
	other := loaded(t, crdYAML("other.example.com", 3)).CRDs()[0]
	var conflict *ConflictError
	if err := c.Put(other); !errors.As(err, &conflict) || !strings.Contains(err.Error(), "defines kind Widget of group example.com again") {
		t.Errorf("got %v, want a conflict", err)
	}
	renamedKind := loaded(t, strings.ReplaceAll(crdYAML("gizmos.example.com", 3), "kind: Widget", "kind: Gizmo")).CRDs()[0]
	if err := c.Put(renamedKind); !errors.As(err, &conflict) || !strings.Contains(err.Error(), "defines resource widgets of group example.com again") {
		t.Errorf("got %v, want a conflict on the resource", err)
	}
	if names := c.CRDs(); len(names) != 1 || names[0].Name() != "widgets.example.com" {
		t.Errorf("the catalog changed: %v", names)
	}
	if !c.Remove("widgets.example.com") || c.Remove("widgets.example.com") {
		t.Errorf("Remove reports whether the CRD was there")
	}
	if _, err := c.ForObject(context.Background(), "example.com/v1", "Widget"); !errors.As(err, new(*NotCoveredError)) {
		t.Errorf("after Remove: got %v", err)
	}
}

// TestReplacementIsAtomic validates from many goroutines while the CRD is
// replaced back and forth between a variant that rejects both fields of the
// object and one that accepts both: every result must come from one of them
// (zero or two errors, never one). Run with -race.
func TestReplacementIsAtomic(t *testing.T) {
	strictCRD := loaded(t, crdYAML("widgets.example.com", 1)).CRDs()[0]
	laxCRD := loaded(t, crdYAML("widgets.example.com", 10)).CRDs()[0]
	c := New(Options{})
	if err := c.Put(strictCRD); err != nil {
		t.Fatal(err)
	}
	const workers, requests = 8, 200
	errs := make(chan error, workers)
	for range workers {
		go func() { errs <- validateMany(c, requests) }()
	}
	for i := range 400 {
		if err := c.Put([]*schema.CRD{laxCRD, strictCRD}[i%2]); err != nil {
			t.Fatal(err)
		}
	}
	for range workers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func validateMany(c *Catalog, n int) error {
	ctx := context.Background()
	for range n {
		v, err := c.ForObject(ctx, "example.com/v1", "Widget")
		if err != nil {
			return err
		}
		obj := map[string]any{"apiVersion": "example.com/v1", "kind": "Widget",
			"metadata": map[string]any{"name": "w", "namespace": "default"},
			"spec":     map[string]any{"a": "long", "b": "long"}}
		res, err := v.Validate(ctx, engine.Request{Operation: engine.Create, Object: obj})
		if err != nil {
			return err
		}
		if n := len(res.Errors); n != 0 && n != 2 {
			return fmt.Errorf("a result mixes two validators: %v", res.Errors)
		}
	}
	return nil
}

func TestUpdateNeverReplacesAWorkingCRDWithABrokenOne(t *testing.T) {
	ctx := context.Background()
	c := loaded(t, crdYAML("widgets.example.com", 3))
	working, _ := c.ForObject(ctx, "example.com/v1", "Widget")
	broken := loaded(t, strings.Replace(crdYAML("widgets.example.com", 3), "{type: string, maxLength: 3}",
		`{type: string, maxLength: 3, x-kubernetes-validations: [{rule: "self.nope("}]}`, 1)).CRDs()[0]
	gadgets := loaded(t, strings.NewReplacer("widgets", "gadgets", "Widget", "Gadget", "widget", "gadget").Replace(crdYAML("gadgets.example.com", 3))).CRDs()[0]

	refused, err := c.Update(ctx, []*schema.CRD{broken, gadgets}, nil)
	if err != nil || len(refused) != 1 || !errors.As(refused[0], new(*InvalidCRDError)) {
		t.Fatalf("got refused %v, err %v; want the broken CRD refused", refused, err)
	}
	if v, _ := c.ForObject(ctx, "example.com/v1", "Widget"); v != working {
		t.Errorf("the working validator was replaced")
	}
	if _, err := c.ForObject(ctx, "example.com/v1", "Gadget"); err != nil {
		t.Errorf("the good CRD of the same update was not published: %v", err)
	}
	if _, err := c.Update(ctx, nil, []string{"widgets.example.com"}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ForObject(ctx, "example.com/v1", "Widget"); !errors.As(err, new(*NoMatchError)) {
		t.Errorf("after removal: got %v, want no match (the group is still defined by gadgets)", err)
	}
}

// TestACompilationPanicIsTheVersionsError: a panic while compiling a
// version (a bug in kval; here an Extension panics), in the compilation
// started beside the lint or in the request's own, is that version's
// error for every request, and the process goes on.
func TestACompilationPanicIsTheVersionsError(t *testing.T) {
	panicking := func(*schema.CRD, string) ([]engine.Check, error) { panic("boom") }
	c := New(Options{Engine: engine.Options{Extensions: []engine.Extension{panicking}}})
	if problems, err := c.LoadBytes("test.yaml", []byte(crdYAML("widgets.example.com", 3))); err != nil {
		t.Fatalf("load: %v %v", err, problems)
	}
	want := `compiling version v1 of CustomResourceDefinition "widgets.example.com" panicked: boom`
	for range 2 {
		if _, err := c.ForObject(context.Background(), "example.com/v1", "Widget"); err == nil || err.Error() != want {
			t.Errorf("lookup: %v, want %s", err, want)
		}
	}
}

// TestDefinesKindNamesOnlyTheKindsOfItsCRDs: decoded and deferred CRDs'
// kinds, nothing else (a frontend bounds metric labels with it).
func TestDefinesKindNamesOnlyTheKindsOfItsCRDs(t *testing.T) {
	c := loaded(t, crdYAML("widgets.example.com", 3))
	for _, tc := range []struct {
		group, kind string
		want        bool
	}{{"example.com", "Widget", true}, {"example.com", "Gadget", false}, {"example.org", "Widget", false}, {"", "Widget", false}} {
		if got := c.DefinesKind(tc.group, tc.kind); got != tc.want {
			t.Errorf("DefinesKind(%q, %q) = %v, want %v", tc.group, tc.kind, got, tc.want)
		}
	}
	deferred := deferredCatalog(t, map[string]string{"gadgets.yaml": blockCRD("gadgets", "Gadget", "")})
	if !deferred.DefinesKind("example.com", "Gadget") || len(deferred.CRDs()) != 0 {
		t.Errorf("a deferred CRD's kind: defined %v, decoded %d", deferred.DefinesKind("example.com", "Gadget"), len(deferred.CRDs()))
	}
}
