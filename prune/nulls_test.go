package prune

import "testing"

// TestMayHoldNulls: a run says whether a null is left that dropping the
// non-nullable nulls could remove; decoding skips that walk when none is,
// so the answer must be no for objects without such nulls, the common
// case (FuzzPruningNotesEveryDroppableNull in package engine checks the
// yes).
func TestMayHoldNulls(t *testing.T) {
	const plain = `{"type":"object","properties":{"metadata":{"type":"object"},"spec":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"properties":{"a":{"type":"string"}}}}}`
	const metadataNames = `{"type":"object","properties":{"metadata":{"type":"object","properties":{"name":{"type":"string"}}}}}`
	for _, tc := range []struct {
		name, schema, obj string
		want              bool
	}{
		{"no null", plain, `{"apiVersion":"v1","kind":"K","metadata":{"name":"n"},"spec":{"a":"x","b":[1]}}`, false},
		{"a null in a field pruned away", plain, `{"spec":{"a":"x"},"status":{"b":null}}`, false},
		{"a null the preserved object keeps unspecified", plain, `{"spec":{"b":null}}`, false},
		{"a null below metadata, which the schema does not specify", plain, `{"metadata":{"labels":null}}`, false},
		{"a specified field is null", plain, `{"spec":{"a":null}}`, true},
		{"metadata is null", plain, `{"metadata":null}`, true},
		{"metadata whose schema specifies fields", metadataNames, `{"metadata":{"name":"n"}}`, true},
	} {
		got := Prune(object(t, tc.obj), parseSchema(t, tc.schema), Options{ResourceRoot: true}).MayHoldNulls
		if got != tc.want {
			t.Errorf("%s: MayHoldNulls %v, want %v", tc.name, got, tc.want)
		}
	}
}
