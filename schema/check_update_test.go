package schema

import (
	"strings"
	"testing"
)

// betaWith is a v1beta1 CRD whose spec has the given properties (flow YAML).
func betaWith(props string) string {
	return `
apiVersion: apiextensions.k8s.io/v1beta1
kind: CustomResourceDefinition
metadata: {name: foos.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {plural: foos, singular: foo, kind: Foo, listKind: FooList}
  preserveUnknownFields: false
  versions: [{name: v1, served: true, storage: true}]
  validation:
    openAPIV3Schema:
      type: object
      properties:
        spec: {type: object, properties: ` + props + `}
`
}

// TestMutabilityRatchetsInV1beta1: in a v1beta1 CRD an extension may stay
// (with any value) where the old CRD had it; a new one is refused.
func TestMutabilityRatchetsInV1beta1(t *testing.T) {
	old := loadCRD(t, betaWith(`{a: {type: string}, b: {type: string, x-kubernetes-mutability: Immutable}}`))
	crd := loadCRD(t, betaWith(`{a: {type: string, x-kubernetes-mutability: Immutable}, b: {type: string, x-kubernetes-mutability: AddOnly}}`))
	got := errorStrings(crd.CheckUpdatePartial(old, CheckOptions{}))
	assertErrors(t, got, []string{
		"spec.validation.openAPIV3Schema.properties[spec].properties[a].x-kubernetes-mutability: Forbidden: may only be used in apiextensions.k8s.io/v1 CustomResourceDefinitions",
	})
	if create := errorStrings(crd.CheckPartial(CheckOptions{})); len(create) != 2 {
		t.Errorf("on create both extensions are refused, got %v", create)
	}
}

// TestStoredVersionMayNotLeave: a version of the old status.storedVersions
// must stay in spec.versions; a file without a status stores its storage version.
func TestStoredVersionMayNotLeave(t *testing.T) {
	twoVersions := strings.Replace(crdWith("type: object"), "  versions:\n", "  versions:\n  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object}}}\n", 1)
	withStatus := twoVersions + "status: {storedVersions: [v1beta1, v1]}\n"
	crd := loadCRD(t, crdWith("type: object"))
	if errs := crd.CheckUpdatePartial(loadCRD(t, twoVersions), CheckOptions{}); len(errs) != 0 {
		t.Errorf("v1beta1 was never stored, got %v", errs)
	}
	got := errorStrings(crd.CheckUpdatePartial(loadCRD(t, withStatus), CheckOptions{}))
	if len(got) != 1 || !strings.HasPrefix(got[0], `status.storedVersions[0]: Invalid value: "v1beta1": missing from spec.versions`) {
		t.Errorf("got %v", got)
	}
}

// TestNamesImmutable: group and plural never change; kind and scope not once established.
func TestNamesImmutable(t *testing.T) {
	old := loadCRD(t, crdWith("type: object"))
	crd := loadCRD(t, strings.NewReplacer("kind: Foo,", "kind: Bar,", "scope: Namespaced", "scope: Cluster").Replace(crdWith("type: object")))
	assertErrors(t, errorStrings(crd.CheckUpdatePartial(old, CheckOptions{})), []string{
		`spec.scope: Invalid value: "Cluster": field is immutable`,
		`spec.names.kind: Invalid value: "Bar": field is immutable`,
	})
}
