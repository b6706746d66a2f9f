package crd

import (
	"strings"
	"testing"
)

// TestRulesAreValid generates a CRD from every +k8s: tag that becomes a
// rule: Generate lints it (CEL compilation and cost), so no problem means
// kube-apiserver accepts every rule.
func TestRulesAreValid(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/rules"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		t.Error(p)
	}
	if len(res.CRDs) != 1 {
		t.Fatalf("%d CRDs", len(res.CRDs))
	}
	y := string(res.CRDs[0].YAML)
	for _, want := range []string{
		"message: field is immutable",
		"message: field cannot be set once created",
		"message: may not be set when a is set",
		"rule: '[has(self.a), has(self.b)].filter(x, x).size() == 1'",
		"message: 'must specify at most one of: `c`, `d`'",
		"rule: self != \"none\"",
		"minItems: 1",
		"exclusiveMinimum: true",
		"exclusiveMaximum: true",
		"maximum: 100",
	} {
		if !strings.Contains(y, want) {
			t.Errorf("missing %q in:\n%s", want, y)
		}
	}
	if strings.Contains(y, "maxItems: 2") {
		t.Error("the alpha rule was applied")
	}
}

// TestItemConstraintsMatchItemsAsTheGoCodeDoes: +k8s:update=NoAddItem and
// NoRemoveItem are rules on the parent (an unset list is an empty one)
// matching a set's items whole, a list-map's by key and a map's keys,
// whatever order the list type and the constraint are written in.
func TestItemConstraintsMatchItemsAsTheGoCodeDoes(t *testing.T) {
	res, err := Generate(Options{Patterns: []string{"./testdata/rules"}})
	if err != nil || len(res.CRDs) != 1 {
		t.Fatalf("%v, %v", err, res.Problems)
	}
	spec := dig(rootSchema(t, res.CRDs[0].Object), "properties", "spec")
	got := map[string]string{}
	for _, r := range spec["x-kubernetes-validations"].([]any) {
		r := r.(map[string]any)
		if p, _ := r["fieldPath"].(string); p == ".zones" || p == ".ports" || p == ".quotas" {
			got[p] = r["message"].(string) + ": " + r["rule"].(string) + " " + r["reason"].(string)
		}
	}
	want := map[string]string{
		".zones":  "item may not be added: !has(self.zones) || self.zones.all(x, has(oldSelf.zones) && x in oldSelf.zones) FieldValueForbidden",
		".ports":  "item may not be removed: !has(oldSelf.ports) || oldSelf.ports.all(x, has(self.ports) && self.ports.exists(y, y.name == x.name)) FieldValueForbidden",
		".quotas": "item may not be added: !has(self.quotas) || self.quotas.all(x, has(oldSelf.quotas) && x in oldSelf.quotas) FieldValueForbidden",
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s:\n got %s\nwant %s", p, got[p], w)
		}
	}
}
