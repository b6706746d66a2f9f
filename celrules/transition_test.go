package celrules

import (
	"reflect"
	"testing"
)

const correlationSchema = `
type: object
properties:
  mapList:
    type: array
    x-kubernetes-list-type: map
    x-kubernetes-list-map-keys: [k]
    items:
      type: object
      required: [k]
      properties:
        k: {type: string}
        v: {type: integer, x-kubernetes-validations: [{rule: "self >= oldSelf", message: may only grow}, {rule: "self < 100", message: under 100}]}
  atomicList:
    type: array
    items:
      type: object
      properties:
        v: {type: integer, x-kubernetes-validations: [{rule: "self < 100", message: under 100}]}
  labels:
    type: object
    additionalProperties: {type: string, x-kubernetes-validations: [{rule: "self == oldSelf", message: fixed}, {rule: "self.size() < 3", message: short}]}
  optional:
    type: integer
    x-kubernetes-validations: [{rule: "oldSelf.hasValue() ? self >= oldSelf.value() : self < 10", optionalOldSelf: true, message: grows or starts small}]
`

// TestTransitionRules: rules using oldSelf run where the old value
// correlates (map-list items by key, map entries by key), never on create,
// and with optionalOldSelf always.
func TestTransitionRules(t *testing.T) {
	v := compileRoot(t, correlationSchema)
	tests := []struct {
		name, old, new string
		want           []string
	}{
		{"create skips transition rules", "", `{mapList: [{k: a, v: 5}], labels: {x: z}}`, []string{}},
		{"map-list items by key, in any order", `{mapList: [{k: a, v: 5}, {k: b, v: 6}]}`, `{mapList: [{k: b, v: 7}, {k: a, v: 4}]}`,
			[]string{"mapList[1].v: Invalid value: 4: may only grow"}},
		{"a new map-list item has no old value", `{mapList: [{k: a, v: 5}]}`, `{mapList: [{k: c, v: 1}]}`, []string{}},
		{"map entries by key", `{labels: {x: a}}`, `{labels: {x: b, y: c}}`, []string{"labels[x]: Invalid value: \"b\": fixed"}},
		{"optionalOldSelf on create", "", `{optional: 20}`, []string{"optional: Invalid value: 20: grows or starts small"}},
		{"optionalOldSelf on update", `{optional: 20}`, `{optional: 30}`, []string{}},
		{"optionalOldSelf shrinking", `{optional: 20}`, `{optional: 19}`, []string{"optional: Invalid value: 19: grows or starts small"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var res Result
			if tt.old == "" {
				res = create(v, parse(t, tt.new))
			} else {
				res = update(v, parse(t, tt.new), parse(t, tt.old), true)
			}
			if got := messages(res.Errors); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestRatcheting: errors of rules without oldSelf on unchanged values are
// ratcheted (correlated values compared; inside an atomic list, the list
// as a whole); with ratcheting off they are errors.
func TestRatcheting(t *testing.T) {
	v := compileRoot(t, correlationSchema)
	tests := []struct {
		name, old, new       string
		errors, ratcheted    []string
		errorsWithoutRatchet []string
	}{
		{"unchanged map-list item", `{mapList: [{k: a, v: 500}]}`, `{mapList: [{k: b, v: 1}, {k: a, v: 500}]}`,
			[]string{}, []string{"mapList[1].v: Invalid value: 500: under 100"}, []string{"mapList[1].v: Invalid value: 500: under 100"}},
		{"changed map-list item", `{mapList: [{k: a, v: 500}]}`, `{mapList: [{k: a, v: 501}]}`,
			[]string{"mapList[0].v: Invalid value: 501: under 100"}, []string{}, []string{"mapList[0].v: Invalid value: 501: under 100"}},
		{"unchanged atomic list", `{atomicList: [{v: 500}]}`, `{atomicList: [{v: 500}]}`,
			[]string{}, []string{"atomicList[0].v: Invalid value: 500: under 100"}, []string{"atomicList[0].v: Invalid value: 500: under 100"}},
		{"changed atomic list", `{atomicList: [{v: 500}]}`, `{atomicList: [{v: 500}, {v: 1}]}`,
			[]string{"atomicList[0].v: Invalid value: 500: under 100"}, []string{}, []string{"atomicList[0].v: Invalid value: 500: under 100"}},
		{"transition rules never ratchet", `{labels: {x: abc}}`, `{labels: {x: abc}}`,
			[]string{}, []string{"labels[x]: Invalid value: \"abc\": short"}, []string{"labels[x]: Invalid value: \"abc\": short"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := update(v, parse(t, tt.new), parse(t, tt.old), true)
			if got := messages(res.Errors); !reflect.DeepEqual(got, tt.errors) {
				t.Errorf("errors: got %q\nwant %q", got, tt.errors)
			}
			if got := messages(res.Ratcheted); !reflect.DeepEqual(got, tt.ratcheted) {
				t.Errorf("ratcheted: got %q\nwant %q", got, tt.ratcheted)
			}
			plain := update(v, parse(t, tt.new), parse(t, tt.old), false)
			if got := messages(plain.Errors); !reflect.DeepEqual(got, tt.errorsWithoutRatchet) {
				t.Errorf("without ratcheting: got %q\nwant %q", got, tt.errorsWithoutRatchet)
			}
		})
	}
}
