package cli

import "testing"

// TestExcluded: a glob without "/" matches any one name of the path, one
// with "/" consecutive names; stdin is never excluded.
func TestExcluded(t *testing.T) {
	cases := []struct {
		glob, file string
		want       bool
	}{
		{"values*.yaml", "deploy/charts/x/values.yaml", true},
		{"templates", "deploy/charts/x/templates/a.yaml", true},
		{"charts/*/templates", "deploy/charts/x/templates/a.yaml", true},
		{"charts/*/templates", "deploy/other/x/templates/a.yaml", false},
		{"*.json", "deploy/a.yaml", false},
		{"kustomization.yaml", "./base/kustomization.yaml", true},
		{"*", "-", false},
	}
	for _, tc := range cases {
		if got := excluded([]string{tc.glob}, tc.file); got != tc.want {
			t.Errorf("excluded(%q, %q) = %v, want %v", tc.glob, tc.file, got, tc.want)
		}
	}
	if err := checkExcludes([]string{"[a-"}); err == nil {
		t.Error("a glob path.Match cannot read is accepted")
	}
}
