package intlist

import (
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	if got, err := Parse("1, 20,3", "rate"); err != nil || !slices.Equal(got, []int{1, 20, 3}) {
		t.Errorf("got %v, %v", got, err)
	}
	for _, bad := range []string{"", "1,,2", "0", "-1", "x"} {
		if _, err := Parse(bad, "size"); err == nil || err.Error()[:8] != "bad size" {
			t.Errorf("%q: error %v, want bad size", bad, err)
		}
	}
}
