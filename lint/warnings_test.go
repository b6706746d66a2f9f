package lint

import (
	"strings"
	"testing"
)

func TestWarningsOnCreate(t *testing.T) {
	crd := crdWith(t, `
type: object
properties:
  b: {type: string, format: foo}
  a: {type: integer, format: date-time}
  ok: {type: string, format: date-time}
  list: {type: array, items: {type: string, format: foo}}
  objects: {type: array, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic}}
  moreObjects: {type: array, x-kubernetes-list-type: set, items: {type: object, x-kubernetes-map-type: atomic}}
  arrays: {type: array, x-kubernetes-list-type: set, items: {type: array, items: {type: string}}}
  strings: {type: array, x-kubernetes-list-type: set, items: {type: string}}`)
	want := []string{
		// Formats in schema order (properties sorted), every occurrence.
		`unrecognized format "date-time"`,
		`unrecognized format "foo"`,
		`unrecognized format "foo"`,
		// Set lists: sorted, once per item type.
		`x-kubernetes-list-type: set for items of type "array" is not supported by server-side apply or CEL validation rules`,
		`x-kubernetes-list-type: set for items of type "object" is not supported by server-side apply or CEL validation rules`,
	}
	if got := WarningsOnCreate(crd); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestNoWarningsWithoutSchema(t *testing.T) {
	crd := crdWith(t, "type: object")
	crd.Spec.Validation = nil
	if got := WarningsOnCreate(crd); len(got) != 0 {
		t.Errorf("got %q", got)
	}
}
