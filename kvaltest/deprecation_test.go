package kvaltest_test

import (
	"context"
	"reflect"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// TestDeprecatedVersionsWarnOnEveryRequest: as kube-apiserver, every
// request to a deprecated version of a CRD, failed ones included, carries
// the version's deprecation warning; requests to other versions do not.
func TestDeprecatedVersionsWarnOnEveryRequest(t *testing.T) {
	rec := &recorder{}
	c := kvaltest.NewClient(t, kvaltest.CRDs("../testdata/corpus/gateway-api/crds-experimental"), nil, kvaltest.WarningHandler(rec))
	const want = "The v1alpha2 version of TLSRoute has been deprecated and will be removed in a future release of the API. Please upgrade to v1."
	route := func(version string) *unstructured.Unstructured {
		return &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "gateway.networking.k8s.io/" + version, "kind": "TLSRoute",
			"metadata": map[string]any{"name": "r", "namespace": "shop"},
			"spec":     map[string]any{"hostnames": []any{"a.example"}, "rules": []any{map[string]any{"backendRefs": []any{map[string]any{"name": "s", "port": int64(443)}}}}},
		}}
	}
	if err := c.Get(context.Background(), client.ObjectKey{Namespace: "shop", Name: "r"}, route("v1alpha2")); !apierrors.IsNotFound(err) {
		t.Fatalf("get: %v", err)
	}
	if err := c.Create(context.Background(), route("v1alpha2")); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rec.warnings, []string{want, want}) {
		t.Errorf("warnings %q, want the deprecation warning for the get and the create", rec.warnings)
	}
	rec.warnings = nil
	if err := c.Get(context.Background(), client.ObjectKey{Namespace: "shop", Name: "r"}, route("v1")); err != nil || len(rec.warnings) > 0 {
		t.Errorf("get in v1: %v, warnings %q; want none", err, rec.warnings)
	}
}
