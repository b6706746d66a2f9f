package crdvalidation

import (
	"context"
	"reflect"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/registry/customresourcedefinition"

	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// compareWarnings compares the warnings of a CRD both sides accept:
// upstream's CRD strategy (WarningsOnCreate) and lint.WarningsOnCreate, as
// multisets (upstream visits properties in random order). It returns the
// number of warnings compared.
func compareWarnings(t *testing.T, upstreamCRD *apiextensions.CustomResourceDefinition, obj map[string]any) int {
	t.Helper()
	want := customresourcedefinition.NewStrategy(nil).WarningsOnCreate(context.Background(), upstreamCRD)
	got := kvalWarnings(t, obj)
	if !sameLines(want, got) {
		// Schemas that differ only in kval's mutability extensions are not
		// collapsed into spec.validation by kval, so their formats are
		// counted once per version; upstream sees them stripped.
		if stripped := withoutMutability(obj); !reflect.DeepEqual(stripped, obj) && sameLines(want, kvalWarnings(t, stripped)) {
			t.Logf("same warnings once the mutability extensions are stripped")
			return len(want)
		}
		t.Errorf("warnings differ\nupstream:\n  %q\nkval:\n  %q", want, got)
	}
	for _, w := range want {
		t.Logf("both warn: %s", w)
	}
	return len(want)
}

func kvalWarnings(t *testing.T, obj map[string]any) []string {
	t.Helper()
	crd, errs := schema.DecodeCRD(manifest.Document{Object: obj})
	if len(errs) > 0 {
		t.Fatalf("kval cannot load the CRD: %v", errs)
	}
	return lint.WarningsOnCreate(crd)
}
