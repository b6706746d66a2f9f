// Package kvaltest measures kval's test client on Gateway API objects.
package kvaltest

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// BenchmarkKvaltestRoundTrip creates an HTTPRoute and updates it: two
// validated writes (CEL rules, defaults, managed fields) and the store.
func BenchmarkKvaltestRoundTrip(b *testing.B) {
	c := newClient(b)
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if err := roundTrip(ctx, c, "route-"+strconv.Itoa(i), "/v2"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTheRoundTripIsValidAndValidated keeps the benchmark honest: the
// measured writes succeed, and the same update with a path CEL forbids fails.
func TestTheRoundTripIsValidAndValidated(t *testing.T) {
	c := newClient(t)
	ctx := context.Background()
	if err := roundTrip(ctx, c, "good", "/v2"); err != nil {
		t.Fatal(err)
	}
	err := roundTrip(ctx, c, "bad", "/v2//x")
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "must not contain '//'") {
		t.Fatalf("an invalid path prefix: %v, want Invalid", err)
	}
}

func roundTrip(ctx context.Context, c client.Client, name, prefix string) error {
	route := httpRoute(name)
	if err := c.Create(ctx, route); err != nil {
		return err
	}
	match := map[string]any{"path": map[string]any{"type": "PathPrefix", "value": prefix}}
	rules, _, _ := unstructured.NestedSlice(route.Object, "spec", "rules")
	rules[0].(map[string]any)["matches"] = []any{match}
	_ = unstructured.SetNestedSlice(route.Object, rules, "spec", "rules")
	return c.Update(ctx, route)
}

func httpRoute(name string) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute",
		"metadata": map[string]any{"name": name, "namespace": "shop"},
		"spec": map[string]any{
			"parentRefs": []any{map[string]any{"name": "gateway"}},
			"hostnames":  []any{"shop.example.com"},
			"rules": []any{map[string]any{
				"backendRefs": []any{map[string]any{"name": "shop", "port": int64(8080)}},
			}},
		},
	}}
}

func newClient(tb testing.TB) client.Client {
	tb.Helper()
	crds := kvaltest.CRDs(filepath.Join("..", "..", "testdata", "corpus", "gateway-api", "crds-standard"))
	return kvaltest.NewClient(tb, crds, nil, kvaltest.WarningHandler(rest.NoWarnings{}))
}
