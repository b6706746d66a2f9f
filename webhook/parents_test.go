package webhook

import (
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
)

// TestAnImmutableFieldCannotChangeThroughItsParent: in both modes, each of
// the two updates that would change spec.engine by way of spec (the root
// does not require it) is denied: removing spec removes the field, adding
// it back adds it.
func TestAnImmutableFieldCannotChangeThroughItsParent(t *testing.T) {
	bare := []byte(`{"apiVersion":"example.kval.dev/v1","kind":"Database","metadata":{"name":"orders","namespace":"shop","resourceVersion":"8","generation":2}}`)
	steps := []struct {
		name     string
		old, new []byte
	}{
		{"spec removed", database("postgres", "16.2"), bare},
		{"spec added back", bare, database("mysql", "16.2")},
	}
	want := `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`
	for _, mode := range []Mode{ModeComplement, ModeFull} {
		_, ts := newTestServer(t, Options{Mode: mode})
		for _, st := range steps {
			resp := post(t, ts, "/validate", review(admissionv1.Update, st.new, st.old))
			if resp.Allowed || resp.Result.Message != want || resp.Result.Code != 422 {
				t.Errorf("%s, %s: got %+v, want a 422 denial %q", mode, st.name, resp.Result, want)
			}
		}
	}
}
