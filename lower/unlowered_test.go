package lower_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/kval-dev/kval/lower"
)

// TestUnlowerableConstructsSayWhyAndWhatFixesThem: without bounds, item
// immutability in an atomic list needs maxItems (positions), and value
// immutability in an unbounded map of unbounded strings costs more than
// kube-apiserver allows; each is reported with a bound that fixes it, and
// with the bounds both are lowered.
func TestUnlowerableConstructsSayWhyAndWhatFixesThem(t *testing.T) {
	cases := []struct {
		name, schema, reason, fix string
	}{{
		name:   "atomic list items",
		schema: `{type: object, properties: {foo: {type: array, items: {type: string, x-kubernetes-mutability: Immutable}}}}`,
		reason: "compared by position",
		fix:    "maxItems <= 256 at spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[foo]",
	}, {
		name:   "map values over the cost limit",
		schema: `{type: object, properties: {foo: {type: object, additionalProperties: {type: string, x-kubernetes-mutability: Immutable}}}}`,
		reason: "estimated rule cost exceeds budget",
		fix:    "maxProperties <= ",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := lower.Lower(context.Background(), seedCRD(t, c.schema, ""), lower.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Unlowered) != 1 {
				t.Fatalf("unlowered: %v, want one", res.Unlowered)
			}
			u := res.Unlowered[0]
			if !strings.Contains(u.Reason, c.reason) || !strings.Contains(fmt.Sprint(u.Fixes), c.fix) {
				t.Errorf("got %q with fixes %v, want a reason with %q and a fix with %q", u.Reason, u.Fixes, c.reason, c.fix)
			}
			if res.Rules != 0 || res.Lowered != 0 {
				t.Errorf("lowered %d into %d rules, want nothing", res.Lowered, res.Rules)
			}
			bounded, err := lower.Lower(context.Background(), seedCRD(t, c.schema, "8"), lower.Options{})
			if err != nil || len(bounded.Unlowered) > 0 {
				t.Errorf("with bounds: %v %v", err, bounded.Unlowered)
			}
		})
	}
}
