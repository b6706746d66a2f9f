package kvaltest_test

import (
	"context"
	"reflect"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func TestCreateStoresTheDefaultedObjectWithSystemFields(t *testing.T) {
	c, _ := newDatabases(t)
	db := database("orders")
	mustCreate(t, c, db)
	if got := nested(db, "spec", "replicas"); got != int64(1) {
		t.Errorf("spec.replicas = %v, want the default 1", got)
	}
	if db.GetGeneration() != 1 || db.GetUID() == "" || db.GetResourceVersion() == "" || db.GetCreationTimestamp().Time.IsZero() {
		t.Errorf("system fields: generation %d, uid %q, resourceVersion %q, creationTimestamp %v",
			db.GetGeneration(), db.GetUID(), db.GetResourceVersion(), db.GetCreationTimestamp())
	}
	got := &unstructured.Unstructured{}
	got.SetGroupVersionKind(db.GroupVersionKind())
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(db), got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Object, db.Object) {
		t.Errorf("Get returned\n%v\nwant the object Create returned\n%v", got.Object, db.Object)
	}
}

func TestCreateRejectsAsKubeAPIServer(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*unstructured.Unstructured)
		want   string
	}{{
		name: "enum",
		mutate: func(u *unstructured.Unstructured) {
			_ = unstructured.SetNestedField(u.Object, "oracle", "spec", "engine")
		},
		want: `Database.example.kval.dev "orders" is invalid: [spec.engine: Unsupported value: "oracle": supported values: "postgres", "mysql", ` +
			`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]`,
	}, {
		name: "CEL rule",
		mutate: func(u *unstructured.Unstructured) {
			_ = unstructured.SetNestedField(u.Object, int64(3), "spec", "replicas")
		},
		want: `Database.example.kval.dev "orders" is invalid: spec.replicas: Invalid value: a replicated database needs a primaryZone`,
	}, {
		name:   "required field",
		mutate: func(u *unstructured.Unstructured) { unstructured.RemoveNestedField(u.Object, "spec", "version") },
		want: `Database.example.kval.dev "orders" is invalid: [spec.version: Required value, ` +
			`<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]`,
	}, {
		// kube-apiserver v1.36's answer: no index, Invalid, and the CEL
		// rules still run (the replicas rule gives its error too).
		name: "ownerReference without uid",
		mutate: func(u *unstructured.Unstructured) {
			u.SetOwnerReferences([]metav1.OwnerReference{{APIVersion: "v1", Kind: "ConfigMap", Name: "own"}})
			_ = unstructured.SetNestedField(u.Object, int64(3), "spec", "replicas")
		},
		want: `Database.example.kval.dev "orders" is invalid: [metadata.ownerReferences.uid: Invalid value: "": must not be empty, ` +
			`spec.replicas: Invalid value: a replicated database needs a primaryZone]`,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newDatabases(t)
			db := database("orders")
			tt.mutate(db)
			err := c.Create(context.Background(), db)
			if !apierrors.IsInvalid(err) || err.Error() != tt.want {
				t.Fatalf("err = %v (invalid: %t)\nwant %s", err, apierrors.IsInvalid(err), tt.want)
			}
			if err := c.Get(context.Background(), client.ObjectKeyFromObject(db), database("")); !apierrors.IsNotFound(err) {
				t.Errorf("the invalid object was stored: Get gives %v", err)
			}
		})
	}
}

func TestCreateGeneratesNamesAndRefusesDuplicates(t *testing.T) {
	c, _ := newDatabases(t)
	a, b := database(""), database("")
	a.SetGenerateName("orders-")
	b.SetGenerateName("orders-")
	mustCreate(t, c, a)
	mustCreate(t, c, b)
	if a.GetName() == b.GetName() || len(a.GetName()) != len("orders-")+5 {
		t.Errorf("generated names %q and %q: want two different names of orders- and 5 characters", a.GetName(), b.GetName())
	}
	err := c.Create(context.Background(), database(a.GetName()))
	want := `databases.example.kval.dev "` + a.GetName() + `" already exists`
	if !apierrors.IsAlreadyExists(err) || err.Error() != want {
		t.Errorf("second create: %v, want %s", err, want)
	}
}
