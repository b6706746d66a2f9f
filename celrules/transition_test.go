package celrules

import "testing"

func TestUsesOldSelf(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"self == oldSelf", true},
		{"self.size() >= oldSelf.size()", true},
		{"!has(oldSelf.x) || has(self.x)", true},
		{"self.all(x, x in oldSelf)", true},
		{"oldSelf.hasValue() ? self == oldSelf.value() : true", true},
		{"[oldSelf].size() == 1", true},
		{"{'a': oldSelf}.size() == 1", true},
		{"self.replicas == 1 || has(self.primaryZone)", false},
		{"self.all(oldSelf, oldSelf > 0)", false}, // a variable shadows it
		{"self.map(x, 'oldSelf').size() > 0", false},
		{"not a rule (", false},
	}
	for _, tc := range tests {
		if got := UsesOldSelf(tc.expr); got != tc.want {
			t.Errorf("UsesOldSelf(%q) = %v, want %v", tc.expr, got, tc.want)
		}
	}
}
