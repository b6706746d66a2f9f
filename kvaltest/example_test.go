package kvaltest_test

import (
	"context"
	"os"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/kvaltest"
)

// TestReplicasNeedAZone is the operators' guide's example, on examples/crd.yaml
// where the guide reads an operator's config/crd.
func TestReplicasNeedAZone(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil)
	db := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "example.kval.dev/v1", "kind": "Database",
		"metadata": map[string]any{"name": "orders", "namespace": "shop"},
		"spec":     map[string]any{"engine": "postgres", "version": "16.2", "replicas": int64(3)},
	}}
	err := c.Create(context.Background(), db)
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "a replicated database needs a primaryZone") {
		t.Fatalf("got %v", err)
	}
}

// TestGuideExampleIsThisFile: the kvaltest example of the operators' guide
// (docs/operators.md) is
// TestReplicasNeedAZone, but for the CRDs' path, so it compiles and passes.
func TestGuideExampleIsThisFile(t *testing.T) {
	readme, err := os.ReadFile("../docs/operators.md")
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	example := between(string(readme), "```go\nfunc TestReplicasNeedAZone", "\n```")
	test := between(string(self), "func TestReplicasNeedAZone", "\n}\n") + "\n}"
	test = strings.Replace(test, `"../examples/crd.yaml"`, `"config/crd"`, 1)
	if example == "" || example != test {
		t.Errorf("docs/operators.md example:\n%s\nwant, as example_test.go:\n%s", example, test)
	}
}

// between returns the text of s from start's "func" up to end (excluded),
// or "" when either is absent.
func between(s, start, end string) string {
	i := strings.Index(s, start)
	if i < 0 {
		return ""
	}
	s = s[i+strings.Index(start, "func"):]
	j := strings.Index(s, end)
	if j < 0 {
		return ""
	}
	return s[:j]
}
