package hostile

import (
	"strings"
	"testing"
	"time"
)

// TestADeeplyNestedCRD: a CRD whose schema nests 4,980 levels (about 190
// KB, as deep as the 10,000-level limit on nesting allows) costs time and
// memory linear in its depth to lint and to validate an object of its kind
// with (it took 6.5 s and 2.8 GB when every walk of the schema copied its
// path at every level).
func TestADeeplyNestedCRD(t *testing.T) {
	const depth = 4980
	schema := `{"type":"object"}`
	for range depth {
		schema = `{"type":"object","properties":{"a":` + schema + `}}`
	}
	crd := file(t, "crd.json", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition","metadata":{"name":"deeps.example.com"},`+
		`"spec":{"group":"example.com","names":{"kind":"Deep","listKind":"DeepList","plural":"deeps","singular":"deep"},"scope":"Namespaced",`+
		`"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object","properties":{"spec":`+schema+`}}}}]}}`)
	obj := file(t, "obj.json", `{"apiVersion":"example.com/v1","kind":"Deep","metadata":{"name":"d","namespace":"ns"},"spec":`+
		strings.Repeat(`{"a":`, depth-10)+`{"b":1}`+strings.Repeat(`}`, depth-10)+`}`)
	check(t, run{args: []string{"validate", "--field-validation", "Warn", "--crd", crd, obj}}, expect{
		stdout: []string{"1 valid, 0 invalid"}, stderr: []string{`unknown field "spec.a.a.a`}, within: 5 * time.Second, maxRSSMB: 200,
	})
	check(t, run{args: []string{"lint", crd}}, expect{
		stdout: []string{"1 valid, 0 invalid"}, within: 5 * time.Second, maxRSSMB: 200,
	})
}
