package kvaltest_test

import (
	"context"
	"slices"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

func TestListSelectsByNamespaceLabelsAndFields(t *testing.T) {
	c, _ := newDatabases(t)
	for _, o := range []struct{ ns, name, tier string }{{"shop", "orders", "gold"}, {"shop", "ledger", "silver"}, {"bank", "orders", "gold"}} {
		db := database(o.name)
		db.SetNamespace(o.ns)
		db.SetLabels(map[string]string{"tier": o.tier})
		mustCreate(t, c, db)
	}
	tests := []struct {
		name string
		opts []client.ListOption
		want []string
	}{
		{"all, by namespace then name", nil, []string{"bank/orders", "shop/ledger", "shop/orders"}},
		{"namespace", []client.ListOption{client.InNamespace("shop")}, []string{"shop/ledger", "shop/orders"}},
		{"labels", []client.ListOption{client.MatchingLabels{"tier": "gold"}}, []string{"bank/orders", "shop/orders"}},
		{"metadata.name", []client.ListOption{client.MatchingFields{"metadata.name": "orders"}}, []string{"bank/orders", "shop/orders"}},
		{"metadata.namespace and labels", []client.ListOption{
			client.MatchingFieldsSelector{Selector: fields.OneTermEqualSelector("metadata.namespace", "shop")},
			client.MatchingLabelsSelector{Selector: labels.SelectorFromSet(labels.Set{"tier": "silver"})},
		}, []string{"shop/ledger"}},
		{"field inequality", []client.ListOption{client.MatchingFieldsSelector{Selector: fields.OneTermNotEqualSelector("metadata.name", "orders")}}, []string{"shop/ledger"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			list := databaseList()
			if err := c.List(context.Background(), list, tt.opts...); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, item := range list.Items {
				got = append(got, item.GetNamespace()+"/"+item.GetName())
			}
			if !slices.Equal(got, tt.want) || list.GetResourceVersion() == "" {
				t.Errorf("got %v (resourceVersion %q), want %v", got, list.GetResourceVersion(), tt.want)
			}
		})
	}
}

func TestListRefusesFieldsTheResourceCannotSelect(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	for _, color := range []string{"red", "blue"} {
		mustCreate(t, c, widget(color))
	}
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion("test.kval.dev/v1")
	list.SetKind("WidgetList")
	if err := c.List(context.Background(), list, client.MatchingFields{"spec.color": "blue"}); err != nil || len(list.Items) != 1 || list.Items[0].GetName() != "blue" {
		t.Errorf("a selectable field: %v, %d items", err, len(list.Items))
	}
	err := c.List(context.Background(), list, client.MatchingFields{"metadata.namespace": "x"})
	want := `field label not supported: metadata.namespace` // a cluster-scoped resource
	if !apierrors.IsBadRequest(err) || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

func widget(color string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "test.kval.dev/v1", "kind": "Widget",
		"metadata": map[string]any{"name": color},
		"spec":     map[string]any{"color": color},
	}}
}
