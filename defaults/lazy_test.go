package defaults

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/schema"
)

// compileEager compiles the defaults of s serving every default at once,
// as before lazy.go.
func compileEager(s *schema.Schema) *Defaulter {
	b := builder{root: s, eager: true}
	return &Defaulter{root: b.build(s, rootFocus)}
}

// sameDefaulting checks that the lazy and the eager defaulter of s change
// copies of obj alike (PruneNulls, then Default, as the pipeline does).
func sameDefaulting(t *testing.T, what string, s *schema.Schema, obj map[string]any) {
	t.Helper()
	lazy, eager := jsonvalue.DeepCopy(obj).(map[string]any), jsonvalue.DeepCopy(obj).(map[string]any)
	lazyD, eagerD := Compile(s), compileEager(s)
	lazyD.PruneNulls(lazy)
	lazyD.Default(lazy)
	eagerD.PruneNulls(eager)
	eagerD.Default(eager)
	if !reflect.DeepEqual(lazy, eager) {
		t.Fatalf("%s: defaults served on first use give\n%v\nserved at once\n%v", what, lazy, eager)
	}
}

// schemaRoots are the root schemas of the built-in kinds of the newest
// Kubernetes version and of the Gateway API CRDs, by name.
func schemaRoots(t *testing.T) map[string]*schema.Schema {
	t.Helper()
	roots := map[string]*schema.Schema{}
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range set.Kinds() {
		addRoots(roots, kind, builtinCRD(t, set, kind))
	}
	dir, err := corpus.Path("gateway-api", "crds-experimental")
	if err != nil {
		t.Fatal(err)
	}
	for _, crd := range schema.LoadFiles([]string{dir}).CRDs {
		addRoots(roots, crd.Name(), crd)
	}
	return roots
}

// builtinCRD is the CRD of a built-in kind named "group/version/Kind".
func builtinCRD(t *testing.T, set *builtin.Set, kind string) *schema.CRD {
	t.Helper()
	gvk := strings.SplitN(kind, "/", 3)
	crd, err := set.ForKind(gvk[0], gvk[1], gvk[2])
	if err != nil || crd == nil {
		t.Fatalf("%s: %v", kind, err)
	}
	return crd
}

// addRoots adds the root schema of each served version of crd.
func addRoots(roots map[string]*schema.Schema, name string, crd *schema.CRD) {
	for _, v := range crd.Spec.Versions {
		if s := crd.VersionSchema(v.Name); s != nil {
			roots[name+"@"+v.Name] = s
		}
	}
}

// TestDefaultsServedOnFirstUseDefaultAlike: for every built-in kind and
// every Gateway API CRD version, objects generated with nulls, unknown
// fields and wrong types are defaulted alike whether the defaults are
// served at once or on first use.
func TestDefaultsServedOnFirstUseDefaultAlike(t *testing.T) {
	roots := schemaRoots(t)
	if len(roots) < 50 {
		t.Fatalf("%d schemas", len(roots))
	}
	gen := objgen.New(44, objgen.Options{Optional: 0.7, Unknown: 0.1, Null: 0.15, WrongType: 0.05, MaxItems: 2, MaxDepth: 3})
	for _, name := range slices.Sorted(maps.Keys(roots)) {
		for range 10 {
			sameDefaulting(t, name, roots[name], gen.Resource(roots[name], "example.com/v1", "Example"))
		}
	}
}

// A default that serves as nothing: kube-apiserver drops an embedded
// resource's metadata.name that is not a string when it serves the
// schema.
const servedAsNothing = `{type: object, properties: {job: {type: object,
  x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true,
  properties: {metadata: {type: object, properties: {name: {type: string, default: 5}}}}}}}`

// TestDefaultServedAsNothingIsNeverSet: served on first use, such a
// default is still never set, and a null in its place is still removed,
// as when the node counted as having no default.
func TestDefaultServedAsNothingIsNeverSet(t *testing.T) {
	s, errs := schema.Parse(nil, object(t, servedAsNothing))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, text := range []string{`{job: {apiVersion: v1, kind: Job, metadata: {}}}`, `{job: {apiVersion: v1, kind: Job, metadata: {name: null}}}`} {
		sameDefaulting(t, text, s, object(t, text))
		obj := object(t, text)
		d := Compile(s)
		d.PruneNulls(obj)
		d.Default(obj)
		if want := object(t, `{job: {apiVersion: v1, kind: Job, metadata: {}}}`); !reflect.DeepEqual(obj, want) {
			t.Errorf("%s: defaulted to %v, want %v", text, obj, want)
		}
	}
}
