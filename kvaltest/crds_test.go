package kvaltest_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/kvaltest"
)

func TestCRDDirectoriesSkipOtherDocuments(t *testing.T) {
	// crds-standard holds a ValidatingAdmissionPolicy file beside the CRDs.
	c := kvaltest.NewClient(t, kvaltest.CRDs("../testdata/corpus/gateway-api/crds-standard"), nil)
	route := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute",
		"metadata": map[string]any{"name": "r", "namespace": "shop"},
		"spec":     map[string]any{"rules": []any{map[string]any{}}},
	}}
	mustCreate(t, c, route)
	// The CRD's defaults: a match of PathPrefix /.
	if got := nested(route, "spec", "rules"); !strings.Contains(toString(got), "PathPrefix") {
		t.Errorf("rules %v, want the defaulted match", got)
	}
}

func TestBrokenCRDsFailTheClient(t *testing.T) {
	dir := t.TempDir()
	bad := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x.y}\nspec: {group: 5}\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte(bad), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := kvaltest.New(kvaltest.CRDs(dir), nil)
	if err == nil || !strings.Contains(err.Error(), "spec.group") {
		t.Errorf("err = %v, want the CRD's error on spec.group", err)
	}
}

func toString(v any) string {
	s, _ := json.Marshal(v)
	return string(s)
}

// TestCRDsOfAHelmChart: a chart's crds/ serve, its templates are not read.
func TestCRDsOfAHelmChart(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("testdata/chart"), nil)
	cache := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Cache",
		"metadata": map[string]any{"name": "c", "namespace": "shop"},
		"spec":     map[string]any{"size": int64(0)},
	}}
	err := c.Create(context.Background(), cache)
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.size") {
		t.Fatalf("err = %v, want spec.size invalid", err)
	}
}
