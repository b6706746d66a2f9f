package lower_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// manyMapsCRD has n map fields of 20 strings of at most maxLength, with
// key mutability AddOnly and immutable values, and with fieldMutability
// (when not empty) on the map too: every generated rule is cheap, all of
// them together cost more than kube-apiserver allows for a whole schema.
func manyMapsCRD(t *testing.T, n, maxLength int, fieldMutability string) map[string]any {
	t.Helper()
	var extra string
	if fieldMutability != "" {
		extra = ", x-kubernetes-mutability: " + fieldMutability
	}
	props := make([]string, n)
	for i := range props {
		props[i] = fmt.Sprintf(`f%03d: {type: object, maxProperties: 20, x-kubernetes-key-mutability: AddOnly%s, `+
			`additionalProperties: {type: string, maxLength: %d, x-kubernetes-mutability: Immutable}}`, i, extra, maxLength)
	}
	return seedCRD(t, "{type: object, properties: {"+strings.Join(props, ", ")+"}}", "")
}

const overTotalReason = "exceeds kube-apiserver's limit for a whole schema, 100000000"

// TestCheapRulesOverTheSchemaTotalAreLeftOut: 150 fields whose rules are
// each far under the per-rule limit but together over the limit of the
// schema. The most expensive are left out, each with the total, the limit
// and a bound that lets it be lowered; the rest is lowered and passes lint.
func TestCheapRulesOverTheSchemaTotalAreLeftOut(t *testing.T) {
	crd := manyMapsCRD(t, 150, 100000, "")
	res := lowerPassingLint(t, crd, lower.Options{})
	if len(res.Unlowered) == 0 || res.Lowered == 0 {
		t.Fatalf("lowered %d, left out %d: want some of each", res.Lowered, len(res.Unlowered))
	}
	searched := 0
	for _, u := range res.Unlowered {
		switch {
		case !strings.Contains(u.Reason, overTotalReason):
			t.Errorf("%s: reason %q: want the total and the limit", u.Path, u.Reason)
		case len(u.Fixes) > 0:
			searched++
		case !strings.Contains(u.Reason, "no bound searched beyond the 16 most expensive"):
			t.Errorf("%s: reason %q, no fixes: want fixes, or why none were searched", u.Path, u.Reason)
		}
	}
	// Bounds are searched for the 16 most expensive of a schema only: the
	// search compiles rules again, and took seconds for hundreds.
	if want := min(16, len(res.Unlowered)); searched != want {
		t.Errorf("fixes searched for %d constructs, want %d", searched, want)
	}
	// The first fix of the first construct left out, applied, lowers it.
	first := res.Unlowered[0]
	if !strings.HasPrefix(first.Fixes[0], "maxProperties <= 19 at ") {
		t.Fatalf("fixes %v: want maxProperties <= 19 at the map first", first.Fixes)
	}
	field := strings.TrimPrefix(first.Fixes[0], "maxProperties <= 19 at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[")
	field = strings.TrimSuffix(field, "]")
	fixed := manyMapsCRD(t, 150, 100000, "")
	spec := fixed["spec"].(map[string]any)["versions"].([]any)[0].(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any)["properties"].(map[string]any)["spec"].(map[string]any)
	spec["properties"].(map[string]any)[field].(map[string]any)["maxProperties"] = int64(19)
	after := lowerPassingLint(t, fixed, lower.Options{NoFixes: true})
	for _, u := range after.Unlowered {
		if u.Path == first.Path && u.Keyword == first.Keyword {
			t.Errorf("with %s: still left out: %s", first.Fixes[0], u.Reason)
		}
	}
}

// TestManyConstructsOverTheSchemaTotalConverge: 400 fields whose rules
// cost 1.6% of the limit of a schema each, six times that limit together;
// hundreds of constructs are left out (more than 4 per round times 64
// rounds, which is what lint's top four most expensive rules gave), and
// the rest is lowered and passes lint, in a second or two: bounds are
// searched for 16 constructs, not for all (it took 13 s).
func TestManyConstructsOverTheSchemaTotalConverge(t *testing.T) {
	res := lowerPassingLint(t, manyMapsCRD(t, 400, 200000, ""), lower.Options{})
	if len(res.Unlowered) <= 256 || res.Lowered == 0 {
		t.Fatalf("lowered %d, left out %d: want more than 256 left out, and some lowered", res.Lowered, len(res.Unlowered))
	}
	for _, u := range res.Unlowered {
		if !strings.Contains(u.Reason, overTotalReason) {
			t.Errorf("%s: reason %q: want the total and the limit", u.Path, u.Reason)
		}
	}
}

// lowerPassingLint lowers crd and checks that the output passes kval lint.
func lowerPassingLint(t *testing.T, crd map[string]any, opts lower.Options) *lower.Result {
	t.Helper()
	res, err := lower.Lower(context.Background(), crd, opts)
	if err != nil {
		t.Fatal(err)
	}
	decoded, errs := schema.DecodeCRD(manifest.Document{Object: res.CRD})
	if len(errs) == 0 {
		errs = lint.CheckCRD(context.Background(), decoded, lint.Options{})
	}
	if len(errs) > 0 {
		t.Fatalf("the output fails kval lint: %v", errs.ToAggregate())
	}
	return res
}

// TestEachVersionHasItsOwnTotal: two versions with the same schema, which
// kval lint checks once (spec.validation) while kube-apiserver limits each
// version's schema: both versions leave out as many constructs.
func TestEachVersionHasItsOwnTotal(t *testing.T) {
	crd := manyMapsCRD(t, 150, 100000, "")
	spec := crd["spec"].(map[string]any)
	versions := spec["versions"].([]any)
	v2 := jsonvalue.DeepCopyObject(versions[0].(map[string]any))
	v2["name"], v2["storage"] = "v2", false
	spec["versions"] = append(versions, v2)
	res := lowerPassingLint(t, crd, lower.Options{NoFixes: true})
	left := map[string]int{}
	for _, u := range res.Unlowered {
		left[u.Version]++
	}
	if left["v1"] == 0 || left["v1"] != left["v2"] || len(left) != 2 {
		t.Errorf("left out by version: %v, want as many in v1 and v2", left)
	}
}
