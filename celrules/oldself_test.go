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

func TestAllowsThroughEmpty(t *testing.T) {
	empty := map[string]any{}
	tests := []struct {
		rule string
		want bool
	}{
		{"!has(oldSelf.clusterName) || !has(self.clusterName) || oldSelf.clusterName == self.clusterName", true},
		{"self == oldSelf", false},
		{"!has(oldSelf.t) || (has(self.n) == has(oldSelf.n))", false},
		{"has(self.x) || !has(oldSelf.x)", false}, // emptying is refused
		{"!has(self.x) || has(oldSelf.x)", false}, // filling is refused
		{"self.x == oldSelf.x", false},            // an error on the empty value
		{"not a rule (", false},
	}
	for _, tc := range tests {
		if got := AllowsThroughEmpty(tc.rule, empty); got != tc.want {
			t.Errorf("AllowsThroughEmpty(%q) = %v, want %v", tc.rule, got, tc.want)
		}
	}
}

func TestHoldsOn(t *testing.T) {
	empty := map[string]any{}
	if !HoldsOn("!has(self.x) || self.x > 0", empty) || HoldsOn("has(self.x)", empty) || HoldsOn("self.x > 0", empty) {
		t.Error("HoldsOn misjudges the empty object")
	}
}

func TestForbidsRemovalOrAddition(t *testing.T) {
	others := []string{"other", "volumeSnapshotContentName"}
	tests := []struct {
		rule string
		want bool
	}{
		{"!has(oldSelf.persistentVolumeClaimName) || has(self.persistentVolumeClaimName)", true}, // removal
		{"!has(self.persistentVolumeClaimName) || has(oldSelf.persistentVolumeClaimName)", true}, // addition
		{"has(self.persistentVolumeClaimName) == has(oldSelf.persistentVolumeClaimName)", true},
		{"!has(oldSelf.other) || has(self.other)", false},
		{"self == oldSelf", false}, // the others may differ: not provable
		{"!has(oldSelf.persistentVolumeClaimName) || has(self.persistentVolumeClaimName) || has(self.other)", false},
	}
	for _, tc := range tests {
		if got := ForbidsRemovalOrAddition(tc.rule, "persistentVolumeClaimName", others, "x"); got != tc.want {
			t.Errorf("ForbidsRemovalOrAddition(%q) = %v, want %v", tc.rule, got, tc.want)
		}
	}
}
