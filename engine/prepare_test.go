package engine

import (
	"reflect"
	"testing"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// TestUpdateGeneration checks the generation an update stores, as
// rest.BeforeUpdate and the custom resource strategies set it: the old one
// (none when the old object has none), plus one when anything but metadata
// changed; a status update keeps the old object's.
func TestUpdateGeneration(t *testing.T) {
	const (
		old       = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, generation: 3}, spec: {replicas: 1}, status: {phase: Up}}`
		oldNoGen  = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 1}, status: {phase: Up}}`
		same      = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 1}, status: {phase: Up}}`
		newSpec   = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 2}, status: {phase: Up}}`
		newStatus = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 1}, status: {phase: Down}}`
		newLabels = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, labels: {x: y}}, spec: {replicas: 1}, status: {phase: Up}}`
		ownGen    = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, generation: 10}, spec: {replicas: 1}, status: {phase: Up}}`
		noStatus  = `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a}, spec: {replicas: 1}}`
	)
	tests := []struct {
		name              string
		statusSubresource bool
		statusUpdate      bool
		old, obj          string
		want              any // nil: no generation
	}{
		{name: "a spec change bumps it", old: old, obj: newSpec, want: int64(4)},
		{name: "no change keeps it", old: old, obj: same, want: int64(3)},
		{name: "a metadata-only change keeps it", old: old, obj: newLabels, want: int64(3)},
		{name: "the request cannot set it", old: old, obj: ownGen, want: int64(3)},
		{name: "a status change bumps it without the status subresource", old: old, obj: newStatus, want: int64(4)},
		{name: "a dropped status bumps it without the status subresource", old: old, obj: noStatus, want: int64(4)},
		{name: "a status change is reset with the status subresource", statusSubresource: true, old: old, obj: newStatus, want: int64(3)},
		{name: "a dropped status is reset with the status subresource", statusSubresource: true, old: old, obj: noStatus, want: int64(3)},
		{name: "a spec change bumps it with the status subresource", statusSubresource: true, old: old, obj: newSpec, want: int64(4)},
		{name: "an old object without one and a change give 1", old: oldNoGen, obj: newSpec, want: int64(1)},
		{name: "an old object without one and no change give none", old: oldNoGen, obj: ownGen, want: nil},
		{name: "a status update keeps the old one", statusSubresource: true, statusUpdate: true, old: old, obj: newSpec, want: int64(3)},
		{name: "a status update of status keeps the old one", statusSubresource: true, statusUpdate: true, old: old, obj: newStatus, want: int64(3)},
		{name: "a status update keeps the old none", statusSubresource: true, statusUpdate: true, old: oldNoGen, obj: newStatus, want: nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sub *schema.Subresources
			if tc.statusSubresource {
				sub = &schema.Subresources{Status: true}
			}
			v := compileWith(t, statusSchema, sub, schema.ClusterScoped)
			obj, old := yamlObject(t, tc.obj), yamlObject(t, tc.old)
			if tc.statusUpdate {
				obj = prepareStatusUpdate(obj, old)
			} else {
				v.prepareUpdate(obj, old, &Result{})
			}
			got, has := metadataOf(obj)["generation"]
			if tc.want == nil && has {
				t.Errorf("generation %v, want none", got)
			}
			if tc.want != nil && got != tc.want {
				t.Errorf("generation %v (%T), want %v", got, got, tc.want)
			}
		})
	}
}

// TestCreateWipesSystemFields: kube-apiserver's create handler drops the
// uid, timestamps and selfLink a request carries, before validation.
func TestCreateWipesSystemFields(t *testing.T) {
	v := compileSchema(t, `{type: object}`)
	res := create(t, v, yamlObject(t, `
apiVersion: example.com/v1
kind: Foo
metadata:
  name: a
  namespace: ns
  uid: 6b1a8c5e-0000-0000-0000-000000000000
  creationTimestamp: "2020-01-01T00:00:00Z"
  deletionTimestamp: "2020-01-02T00:00:00Z"
  deletionGracePeriodSeconds: 30
  selfLink: /apis/example.com/v1/namespaces/ns/foos/a
  labels: {kept: "yes"}
`))
	want := map[string]any{"name": "a", "namespace": "ns", "generation": int64(1), "labels": map[string]any{"kept": "yes"}}
	if got := res.Object["metadata"]; !res.Valid() || !reflect.DeepEqual(got, want) {
		t.Errorf("metadata %v (errors %v), want %v", got, res.Errors, want)
	}
}

// TestKeepOldStatus: with the status subresource an update stores the old
// status, as an equal value that shares no map or list with the old
// object, and notes a change it dropped; a status equal in every value and
// Go type is kept as it came, and one only semantically equal (an empty
// list where the old one has none) takes the old one's form.
func TestKeepOldStatus(t *testing.T) {
	conditions := func(list []any) map[string]any {
		return map[string]any{"status": map[string]any{"phase": "Up", "conditions": list}}
	}
	tests := []struct {
		name     string
		obj, old map[string]any
		noted    bool
	}{
		{"an equal status", conditions([]any{"ready"}), conditions([]any{"ready"}), false},
		{"a changed status", conditions([]any{"gone"}), conditions([]any{"ready"}), true},
		{"a semantically equal status", conditions([]any{}), conditions(nil), false},
		{"a dropped status", map[string]any{}, conditions([]any{"ready"}), true},
		{"an added status", conditions(nil), map[string]any{}, true},
		{"no status", map[string]any{}, map[string]any{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := &Result{}
			oldStatus, hasOld := tc.old["status"]
			keepOldStatus(tc.obj, tc.old, res)
			status, has := tc.obj["status"]
			if has != hasOld || !jsonvalue.Equal(status, oldStatus) {
				t.Errorf("status %#v, want the old %#v", status, oldStatus)
			}
			if has && reflect.ValueOf(status).Pointer() == reflect.ValueOf(oldStatus).Pointer() {
				t.Error("the stored status is the old object's map")
			}
			if noted := len(res.Notes) > 0; noted != tc.noted {
				t.Errorf("notes %v, want a note: %v", res.Notes, tc.noted)
			}
		})
	}
}
