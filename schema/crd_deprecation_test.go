package schema

import "testing"

func TestDeprecationWarningAsKubeAPIServer(t *testing.T) {
	custom := "use v2"
	crd := &CRD{Spec: CRDSpec{Group: "g.io", Names: Names{Kind: "W"}, Versions: []Version{
		{Name: "v1alpha1", Served: true, Deprecated: true},
		{Name: "v1beta1", Served: true, Deprecated: true, DeprecationWarning: &custom},
		{Name: "v1", Served: true},
		{Name: "v1beta2", Served: true},
		{Name: "v2", Served: false},
		{Name: "v3", Served: true, Deprecated: true},
	}}}
	tests := map[string]string{
		"v1alpha1": "g.io/v1alpha1 W is deprecated; use g.io/v1 W",
		"v1beta1":  "use v2",
		"v3":       "g.io/v3 W is deprecated",
		"v1":       "",
	}
	for version, want := range tests {
		got, ok := crd.DeprecationWarning(version)
		if got != want || ok != (want != "") {
			t.Errorf("%s: %q %t, want %q", version, got, ok, want)
		}
	}
}
