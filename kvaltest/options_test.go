package kvaltest_test

import (
	"testing"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/kvaltest"
)

// TestOptionsCatalogAndFieldManager: a client over a catalog the test
// built validates with it, and writes that name no manager are managed by
// the FieldManager given.
func TestOptionsCatalogAndFieldManager(t *testing.T) {
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles("../examples/crd.yaml"); err != nil {
		t.Fatal(err)
	}
	c := kvaltest.NewClient(t, kvaltest.Catalog(cat), nil, kvaltest.FieldManager("operator-under-test"))
	db := database("orders")
	mustCreate(t, c, db)
	managers := db.GetManagedFields()
	if len(managers) != 1 || managers[0].Manager != "operator-under-test" {
		t.Errorf("managed fields %+v, want one entry of operator-under-test", managers)
	}
	if nested(db, "spec", "replicas") != int64(1) {
		t.Errorf("spec.replicas %v, want the catalog's CRD's default 1", nested(db, "spec", "replicas"))
	}
}
