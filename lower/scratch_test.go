package lower_test

import (
	"testing"
	"sigs.k8s.io/yaml"
)

func TestScratch(t *testing.T) {
	crd := seedCRD(t, `{type: object, properties: {rules: {type: array, maxItems: 4, items: {type: object, properties: {name: {type: string, maxLength: 5, x-kubernetes-mutability: RemoveOnly}, x: {type: string}}}}}}`, "")
	tr, res := newTrio(t, crd, "v1")
	y, _ := yaml.Marshal(res.CRD["spec"].(map[string]any)["versions"])
	t.Log(string(y), res.Unlowered)
	got, err := tr.compare(seedObject(t, `{rules: [{x: a}]}`), seedObject(t, `{rules: [{x: a, name: b}]}`))
	t.Log(got, err)
}
