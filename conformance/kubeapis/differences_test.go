package kubeapis

import "testing"

// TestOnlyMapEntryErrorsMayChangeOrder: the comparison ignores the order
// of errors about map entries, and only theirs.
func TestOnlyMapEntryErrorsMayChangeOrder(t *testing.T) {
	key := func(path, value string) caseError {
		return caseError{typ: "FieldValueInvalid", path: path, value: value}
	}
	a, b := key("spec.counters[x]", "1"), key("spec.counters[y]", "2")
	k1, k2 := key("spec.counters", "x"), key("spec.counters", "y")
	l1, l2 := key("spec.list[0]", "1"), key("spec.list[1]", "2")
	tests := []struct {
		name   string
		up, kv []caseError
		want   bool
	}{
		{"values under map keys", []caseError{a, b}, []caseError{b, a}, true},
		{"bad keys at the map's path", []caseError{k1, k2}, []caseError{k2, k1}, true},
		{"keys holding brackets", []caseError{key("m[]x]", "1"), key("m[1a]", "2")}, []caseError{key("m[1a]", "2"), key("m[]x]", "1")}, true},
		{"list items", []caseError{l1, l2}, []caseError{l2, l1}, false},
		{"other errors", []caseError{a, l1}, []caseError{a, l2}, false},
		{"one more error", []caseError{a, b}, []caseError{b, a, a}, false},
	}
	for _, tt := range tests {
		if got := sameButMapOrder(tt.up, tt.kv); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
