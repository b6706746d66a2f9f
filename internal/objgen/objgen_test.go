package objgen

import (
	"reflect"
	"testing"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/listtypes"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/values"
)

// corpusSchemas are the schemas of every version of the corpus CRDs.
func corpusSchemas(t *testing.T) map[string]*schema.Schema {
	t.Helper()
	dir, err := corpus.Path("gateway-api", "crds-experimental")
	if err != nil {
		t.Fatal(err)
	}
	loaded := schema.LoadFiles([]string{dir})
	out := map[string]*schema.Schema{}
	for _, c := range loaded.CRDs {
		for _, v := range c.Spec.Versions {
			out[c.Name()+"/"+v.Name] = c.VersionSchema(v.Name)
		}
	}
	if len(out) == 0 {
		t.Fatal("no corpus CRDs")
	}
	return out
}

func TestSameSeedSameObjects(t *testing.T) {
	for name, s := range corpusSchemas(t) {
		a := New(7, ValidOnly).Resource(s, "g/v1", "K")
		b := New(7, ValidOnly).Resource(s, "g/v1", "K")
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two generators with one seed differ", name)
		}
	}
}

// TestValidObjectsPassValueValidation checks that ValidOnly objects of the
// corpus CRDs pass value and list-type validation (CEL rules are not
// considered).
func TestValidObjectsPassValueValidation(t *testing.T) {
	total, invalid := 0, 0
	for name, s := range corpusSchemas(t) {
		v, err := values.Compile(s)
		if err != nil {
			t.Fatal(err)
		}
		lists := listtypes.Compile(s)
		g := New(1, ValidOnly)
		for i := 0; i < 50; i++ {
			obj := g.Resource(s, "g/v1", "K")
			total++
			if errs := append(v.Validate(nil, obj), lists.Validate(nil, obj)...); len(errs) > 0 {
				invalid++
				if invalid <= 3 {
					t.Logf("%s: %v", name, errs)
				}
			}
		}
	}
	if invalid > 0 {
		t.Errorf("%d of %d valid-only objects are invalid", invalid, total)
	}
}

// TestViolationsAreRejected checks that an object with a violation is
// rejected in nearly all cases, and that Violate says what it broke.
func TestViolationsAreRejected(t *testing.T) {
	total, accepted := 0, 0
	for _, s := range corpusSchemas(t) {
		v, _ := values.Compile(s)
		lists := listtypes.Compile(s)
		g := New(2, ValidOnly)
		for i := 0; i < 30; i++ {
			obj := g.Resource(s, "g/v1", "K")
			if len(v.Validate(nil, obj)) > 0 {
				continue
			}
			violation, ok := g.Violate(s, obj)
			if !ok {
				continue
			}
			if violation.Keyword == "" {
				t.Errorf("violation without keyword: %v", violation)
			}
			total++
			if len(v.Validate(nil, obj))+len(lists.Validate(nil, obj)) == 0 {
				accepted++
			}
		}
	}
	if total == 0 || accepted*20 > total {
		t.Errorf("%d of %d violated objects are still valid", accepted, total)
	}
}

func TestMutateCopies(t *testing.T) {
	for _, s := range corpusSchemas(t) {
		g := New(3, ValidOnly)
		obj := g.Resource(s, "g/v1", "K")
		before := deepCopy(obj)
		for i := 0; i < 10; i++ {
			g.Mutate(s, obj)
		}
		if !reflect.DeepEqual(before, obj) {
			t.Fatal("Mutate changed its input")
		}
	}
}

// TestOwnerReferences: with OwnerReferences set, metadata gets references,
// some of them missing a required field (with Null); without it, none.
func TestOwnerReferences(t *testing.T) {
	s := &schema.Schema{Type: "object"}
	withRefs, missing := 0, 0
	g := New(3, Options{OwnerReferences: 0.5, Null: 0.2, MaxItems: 2})
	for i := 0; i < 200; i++ {
		meta := g.Resource(s, "g/v1", "K")["metadata"].(map[string]any)
		refs, ok := meta["ownerReferences"].([]any)
		if !ok {
			continue
		}
		withRefs++
		if len(refs[0].(map[string]any)) < 4 || refs[0].(map[string]any)["controller"] == true && len(refs[0].(map[string]any)) < 5 {
			missing++
		}
	}
	if withRefs < 50 || missing == 0 || missing == withRefs {
		t.Errorf("%d objects with ownerReferences, %d missing a field: want about 100, some missing", withRefs, missing)
	}
	if _, ok := New(3, ValidOnly).Resource(s, "g/v1", "K")["metadata"].(map[string]any)["ownerReferences"]; ok {
		t.Error("ValidOnly gave ownerReferences")
	}
}
