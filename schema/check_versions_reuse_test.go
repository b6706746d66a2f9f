package schema

import (
	"fmt"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// twoVersions is a v1 CRD serving v1 and v1beta1, each with the schema
// given (indented YAML of openAPIV3Schema).
func twoVersions(v1, v1beta1 string) string {
	version := func(name, s string, storage bool) string {
		return fmt.Sprintf("  - name: %s\n    served: true\n    storage: %t\n    schema:\n      openAPIV3Schema:\n%s", name, storage, indent(s, "        "))
	}
	return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
` + version("v1", v1, true) + version("v1beta1", v1beta1, false)
}

// checkCounting checks crd with ReuseVerdicts as given and a Defaults
// stage that counts the schemas it is called for.
func checkCounting(crd *CRD, reuse bool) (field.ErrorList, int) {
	calls := 0
	errs := crd.CheckPartial(CheckOptions{ReuseVerdicts: reuse, Defaults: func(*field.Path, *Schema) field.ErrorList {
		calls++
		return nil
	}})
	return errs, calls
}

const specWithAllOf = `type: object
description: %s
properties:
  spec:
    type: object
    description: %s
    properties:
      size: {type: integer, description: %s, allOf: [{minimum: 1%s}]}`

// TestVersionsDifferingInStructuralDescriptionsShareTheVerdict: a version
// equal to one that passed but for descriptions no check reads is not
// checked again, and the verdict is the same.
func TestVersionsDifferingInStructuralDescriptionsShareTheVerdict(t *testing.T) {
	crd := loadCRD(t, twoVersions(fmt.Sprintf(specWithAllOf, "new", "new", "new", ""), fmt.Sprintf(specWithAllOf, "old", "old", "old", "")))
	reused, reusedCalls := checkCounting(crd, true)
	full, fullCalls := checkCounting(crd, false)
	if len(reused) != 0 || len(full) != 0 {
		t.Fatalf("errors: reused %v, full %v", reused, full)
	}
	if reusedCalls != 1 || fullCalls != 2 {
		t.Errorf("schemas checked: %d reusing, %d in full; want 1 and 2", reusedCalls, fullCalls)
	}
}

// TestVersionsDifferingUnderAllOfAreBothChecked: a description under
// allOf is an error, so versions that differ there are both checked, and
// so is a version that repeats one with findings.
func TestVersionsDifferingUnderAllOfAreBothChecked(t *testing.T) {
	clean := fmt.Sprintf(specWithAllOf, "d", "d", "d", "")
	bad := fmt.Sprintf(specWithAllOf, "d", "d", "d", ", description: nested")
	// equal schemas would be one spec.validation: the roots differ
	badToo := fmt.Sprintf(specWithAllOf, "e", "d", "d", ", description: nested")
	for _, c := range []struct {
		name, v1, v1beta1 string
		want              []string
	}{
		{"second differs", clean, bad, []string{"spec.versions[1]"}},
		{"first has findings", bad, badToo, []string{"spec.versions[0]", "spec.versions[1]"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			crd := loadCRD(t, twoVersions(c.v1, c.v1beta1))
			reused, _ := checkCounting(crd, true)
			full, _ := checkCounting(crd, false)
			got := strings.Join(errorStrings(reused), "\n")
			if got != strings.Join(errorStrings(full), "\n") {
				t.Fatalf("reusing:\n%s\nin full:\n%v", got, full)
			}
			for _, version := range c.want {
				if !strings.Contains(got, version+".schema.openAPIV3Schema.properties[spec].properties[size].allOf[0].description: Forbidden") {
					t.Errorf("errors lack the nested description of %s:\n%s", version, got)
				}
			}
			if len(reused) != len(c.want) {
				t.Errorf("want %d errors, got:\n%s", len(c.want), got)
			}
		})
	}
}

// TestVersionsDifferingInRootMetadataAreBothChecked: the root's metadata
// may set nothing but its names' properties, a description included, so
// versions that differ there are both checked.
func TestVersionsDifferingInRootMetadataAreBothChecked(t *testing.T) {
	root := "type: object\nproperties:\n  metadata: {type: object%s}"
	crd := loadCRD(t, twoVersions(fmt.Sprintf(root, ""), fmt.Sprintf(root, ", description: x")))
	reused, _ := checkCounting(crd, true)
	want := []string{"spec.versions[1].schema.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified"}
	assertErrors(t, errorStrings(reused), want)
}
