package strategy_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/strategy"
)

// TestClaimNamespaceFromTheFrontend: a ResourceClaim asking for admin
// access is answered in the namespace a frontend gives (Forbidden without
// the admin-access label, as kube-apiserver v1.36.3 answered in e2e's
// differential), and without one in a namespace that allows it: kval
// validate has no cluster to read it from.
func TestClaimNamespaceFromTheFrontend(t *testing.T) {
	cat := newCatalog(t)
	doc := "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: gpus}\n" +
		"spec: {devices: {requests: [{name: all, exactly: {deviceClassName: example.com-gpu, allocationMode: All, adminAccess: true}}]}}\n"
	if got := summary(validate(t, cat, doc, "")); got != "" {
		t.Errorf("without a frontend's namespaces: %q, want valid", got)
	}
	unlabelled := func(context.Context, string) (*corev1.Namespace, error) {
		return &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "gpus"}}, nil
	}
	v, err := cat.ForObject(context.Background(), "resource.k8s.io/v1", "ResourceClaim")
	if err != nil {
		t.Fatal(err)
	}
	res, err := v.Validate(strategy.WithNamespaces(context.Background(), unlabelled), engine.Request{Operation: engine.Create, Object: object(t, doc)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := summary(res), "FieldValueForbidden spec.devices.requests[0].adminAccess"; got != want {
		t.Errorf("in an unlabelled namespace: %q, want %q", got, want)
	}
}
