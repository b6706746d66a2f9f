package kvaltest_test

import (
	"context"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// recorder keeps the warnings a client delivers.
type recorder struct{ warnings []string }

func (r *recorder) HandleWarningHeader(_ int, _ string, text string) {
	r.warnings = append(r.warnings, text)
}

// newDatabases returns a client of examples/crd.yaml and the warnings it delivers.
func newDatabases(t *testing.T) (client.WithWatch, *recorder) {
	t.Helper()
	rec := &recorder{}
	return kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.WarningHandler(rec)), rec
}

// database is a valid Database in namespace shop.
func database(name string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Database",
		"metadata": map[string]any{"name": name, "namespace": "shop"},
		"spec":     map[string]any{"engine": "postgres", "version": "16.2"},
	}}
}

// databaseList is an empty list of Databases, to list or watch them.
func databaseList() *unstructured.UnstructuredList {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion("example.kval.dev/v1")
	list.SetKind("DatabaseList")
	return list
}

// mustCreate creates obj or fails the test.
func mustCreate(t *testing.T, c client.Client, obj client.Object) {
	t.Helper()
	if err := c.Create(context.Background(), obj); err != nil {
		t.Fatalf("create %s: %v", obj.GetName(), err)
	}
}

// nested reads a field of an unstructured object.
func nested(u *unstructured.Unstructured, path ...string) any {
	v, _, _ := unstructured.NestedFieldNoCopy(u.Object, path...)
	return v
}
