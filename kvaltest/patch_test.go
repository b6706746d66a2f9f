package kvaltest_test

import (
	"context"
	"net/http"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestPatchesApplyToTheStoredObjectAndAreValidatedAsUpdates(t *testing.T) {
	tests := []struct {
		name      string
		patch     client.Patch
		wantError string // "" when the patch is valid
		check     func(t *testing.T, u *unstructured.Unstructured)
	}{{
		name:  "merge patch keeps defaults and adds fields",
		patch: client.RawPatch(types.MergePatchType, []byte(`{"spec":{"primaryZone":"a","replicas":3}}`)),
		check: func(t *testing.T, u *unstructured.Unstructured) {
			if nested(u, "spec", "replicas") != int64(3) || nested(u, "spec", "storage") != nil && nested(u, "spec", "engine") != "postgres" {
				t.Errorf("spec = %v", u.Object["spec"])
			}
		},
	}, {
		name:      "merge patch against a CEL rule",
		patch:     client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":3}}`)),
		wantError: `Database.example.kval.dev "orders" is invalid: spec.replicas: Invalid value: a replicated database needs a primaryZone`,
	}, {
		name:  "JSON patch",
		patch: client.RawPatch(types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/version","value":"17"}]`)),
		check: func(t *testing.T, u *unstructured.Unstructured) {
			if nested(u, "spec", "version") != "17" || u.GetGeneration() != 2 {
				t.Errorf("spec.version %v, generation %d; want 17 and 2", nested(u, "spec", "version"), u.GetGeneration())
			}
		},
	}, {
		name:      "JSON patch of an immutable field",
		patch:     client.RawPatch(types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/engine","value":"mysql"}]`)),
		wantError: `Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable`,
	}, {
		name:  "JSON patch whose test fails",
		patch: client.RawPatch(types.JSONPatchType, []byte(`[{"op":"test","path":"/spec/version","value":"1"}]`)),
		// kube-apiserver's words: the cause holds jsonpatch's error.
		wantError: `the server rejected our request due to an error in our request`,
	}, {
		name:      "merge patch with a stale resourceVersion",
		patch:     client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"resourceVersion":"1"},"spec":{"version":"17"}}`)),
		wantError: `Operation cannot be fulfilled on databases.example.kval.dev "orders": the object has been modified; please apply your changes to the latest version and try again`,
	}, {
		name:      "strategic merge patch is not for custom resources",
		patch:     client.RawPatch(types.StrategicMergePatchType, []byte(`{"spec":{"version":"17"}}`)),
		wantError: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newDatabases(t)
			db := database("orders")
			mustCreate(t, c, db)
			db.SetLabels(map[string]string{"touched": "yes"}) // a second write: resourceVersion 1 is stale
			if err := c.Update(context.Background(), db); err != nil {
				t.Fatal(err)
			}
			err := c.Patch(context.Background(), db, tt.patch)
			if tt.wantError != "" {
				if err == nil || err.Error() != tt.wantError {
					t.Fatalf("err = %v\nwant %s", err, tt.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, db)
		})
	}
}

func TestStrategicMergePatchIsUnsupportedMediaType(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	err := c.Patch(context.Background(), db, client.RawPatch(types.StrategicMergePatchType, []byte(`{}`)))
	if !apierrors.IsUnsupportedMediaType(err) || apierrors.ReasonForError(err) != "UnsupportedMediaType" {
		t.Fatalf("err = %v, want UnsupportedMediaType", err)
	}
	if code := err.(apierrors.APIStatus).Status().Code; code != http.StatusUnsupportedMediaType {
		t.Errorf("code %d", code)
	}
}

func TestMergeFromWithOptimisticLockConflicts(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	base := db.DeepCopy()
	other := db.DeepCopy()
	_ = unstructured.SetNestedField(other.Object, "17", "spec", "version")
	if err := c.Update(context.Background(), other); err != nil {
		t.Fatal(err)
	}
	_ = unstructured.SetNestedField(db.Object, "18", "spec", "version")
	err := c.Patch(context.Background(), db, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}))
	if !apierrors.IsConflict(err) {
		t.Fatalf("err = %v, want a conflict", err)
	}
	if err := c.Patch(context.Background(), db, client.MergeFrom(base)); err != nil {
		t.Fatalf("without the lock: %v", err)
	}
	if nested(db, "spec", "version") != "18" {
		t.Errorf("spec.version = %v, want 18", nested(db, "spec", "version"))
	}
}
