package upgrade

import (
	"context"
	"strings"
	"testing"
)

const storedWidget = `
apiVersion: example.com/v1
kind: Widget
metadata: {name: w, namespace: default, resourceVersion: "7", uid: 0b7c6c4e-0000-4000-8000-000000000001, generation: 1}
spec: {size: 8, color: blue, tags: [a, a]}
`

// TestReplay: what the new CRD does to a stored object, change by change.
func TestReplay(t *testing.T) {
	v1 := version("v1", true, true, defaultSpec)
	edit := func(old, repl string) string {
		return version("v1", true, true, strings.Replace(defaultSpec, old, repl, 1))
	}
	cases := []struct {
		name                          string
		versions                      []string
		unreadable                    string
		rejectUpdate, ratchet, reject bool
	}{
		{"unchanged", []string{v1}, "", false, false, false},
		{"tightened maximum: ratcheted on update, rejected on create", []string{edit("maximum: 10", "maximum: 5")}, "", false, true, true},
		{"narrowed enum: ratcheted on update, rejected on create", []string{edit("[red, green, blue]", "[red]")}, "", false, true, true},
		{"new rule: ratcheted on update, rejected on create", []string{edit("message: too big}", "message: too big}\n- {rule: 'self.size < 5'}")}, "", false, true, true},
		{"transition rule that needs a change: rejected on update", []string{edit("message: too big}", "message: too big}\n- {rule: 'self.size > oldSelf.size'}")}, "", true, false, false},
		{"version removed: unreadable", []string{version("v2", true, true, defaultSpec)}, "version v1 is removed by the new CRD: the object can no longer be read in it", true, false, false},
	}
	stored := readDoc(t, storedWidget).Object
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReplayer(loadCRD(t, "Namespaced", v1), loadCRD(t, "Namespaced", tc.versions...))
			got, err := r.Replay(context.Background(), stored)
			if err != nil {
				t.Fatal(err)
			}
			if got.Unreadable != tc.unreadable || got.RejectedOnUpdate() != tc.rejectUpdate ||
				(len(got.Ratcheted) > 0) != tc.ratchet || (len(got.CreateErrors) > 0) != tc.reject {
				t.Errorf("got unreadable %q, update errors %v, ratcheted %v, create errors %v", got.Unreadable, got.UpdateErrors, got.Ratcheted, got.CreateErrors)
			}
		})
	}
}

// TestReplayForeignObject: an object of another kind is not checked.
func TestReplayForeignObject(t *testing.T) {
	crd := loadCRD(t, "Namespaced", version("v1", true, true, defaultSpec))
	got, err := NewReplayer(crd, crd).Replay(context.Background(), map[string]any{"apiVersion": "v1", "kind": "ConfigMap"})
	if err != nil || got.Unreadable != "v1 ConfigMap is not an object of widgets.example.com" {
		t.Errorf("got %+v, %v", got, err)
	}
}
