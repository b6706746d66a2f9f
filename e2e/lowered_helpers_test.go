package e2e

import (
	"encoding/json"
	"testing"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/lower"
)

// inGroup is a copy of a CRD document moved to group, so that a test's
// CRD never meets another test's CRD of the same kind.
func inGroup(crd map[string]any, group string) map[string]any {
	out := jsonvalue.DeepCopyObject(crd)
	spec := out["spec"].(map[string]any)
	spec["group"] = group
	plural := spec["names"].(map[string]any)["plural"].(string)
	out["metadata"] = map[string]any{"name": plural + "." + group}
	return out
}

// lowered is `kval lower`'s output for a CRD with kval's extensions: the
// extensions dropped, transition rules in their place. Every extension
// must have been lowered.
func lowered(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	res, err := lower.Lower(t.Context(), crd, lower.Options{})
	if err != nil {
		t.Fatalf("kval lower: %v", err)
	}
	if len(res.Unlowered) > 0 {
		t.Fatalf("kval lower left out %v", res.Unlowered)
	}
	return res.CRD
}

// catalogOf is a catalog of CRD documents, as kval reads them from files.
func catalogOf(t *testing.T, crds ...map[string]any) *catalog.Catalog {
	t.Helper()
	cat := catalog.New(catalog.Options{})
	for _, crd := range crds {
		data, err := json.Marshal(crd)
		if err != nil {
			t.Fatal(err)
		}
		problems, err := cat.LoadBytes("crd.json", data)
		if err != nil || len(problems) > 0 {
			t.Fatalf("loading CRD %v: %v %v", crd["metadata"], err, problems)
		}
	}
	return cat
}
