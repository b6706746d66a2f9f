package kvaltest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/kvaltest"
)

// TestAnObjectWithManyErrorsGetsTheBoundedAnswer: kvaltest refuses it
// with the webhook's and the CLI's answer: the first errors listed, the
// rest counted.
func TestAnObjectWithManyErrorsGetsTheBoundedAnswer(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../testdata/errorflood/crd.yaml"), nil)
	spec := map[string]any{}
	for i := range engine.MaxAnsweredErrors + 77 {
		spec[fmt.Sprintf("k%06d", i)] = "x"
	}
	obj := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "example.kval.dev/v1", "kind": "Flood",
		"metadata": map[string]any{"name": "f"}, "spec": spec}}
	err := c.Create(context.Background(), obj)
	status, ok := err.(apierrors.APIStatus)
	if !ok {
		t.Fatalf("got %v, want an Invalid status", err)
	}
	if causes := len(status.Status().Details.Causes); causes != engine.MaxAnsweredErrors || !strings.HasSuffix(status.Status().Message, ", and 77 more errors]") {
		t.Errorf("%d causes, message ends %q", causes, status.Status().Message[len(status.Status().Message)-40:])
	}
}
