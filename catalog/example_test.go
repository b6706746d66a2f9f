package catalog_test

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
)

// A frontend loads its CRDs once, looks up the validator of each object and
// runs one request on it. docs/library.md shows this example.
func Example() {
	ctx := context.Background()
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles("../examples/crd.yaml"); err != nil {
		panic(err)
	}
	v, err := cat.ForObject(ctx, "example.kval.dev/v1", "Database")
	if err != nil {
		panic(err) // NotCoveredError, NoMatchError, InvalidCRDError
	}
	old := database("postgres")
	res, err := v.Validate(ctx, engine.Request{Operation: engine.Update, Object: database("mysql"), OldObject: old})
	if err != nil {
		panic(err) // a request that cannot run, or ctx ended
	}
	fmt.Println(res.Valid(), res.Errors)
	// kube-apiserver's answer, as every frontend gives it.
	status := res.Err(schema.GroupVersionKind{Group: "example.kval.dev", Version: "v1", Kind: "Database"}, "orders")
	fmt.Println(status.Status().Code, status)
	// Output:
	// false [spec.engine: Forbidden: field is immutable]
	// 422 Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable
}

func database(engine string) map[string]any {
	return map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Database",
		"metadata": map[string]any{"name": "orders", "namespace": "shop"},
		"spec":     map[string]any{"engine": engine, "version": "16.2"},
	}
}
