package strategy

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kubernetes/pkg/registry/core/configmap"

	"github.com/kval-dev/kval/engine"
)

// panickingStrategy is ConfigMap's strategy with a PrepareForCreate that
// panics, as a bug in kube-apiserver's code on an odd object would.
type panickingStrategy struct{ kindStrategy }

func (panickingStrategy) PrepareForCreate(context.Context, runtime.Object) { panic("boom") }

// TestAPanicInKubeAPIServersCodeIsAnInternalError: Admit recovers and
// answers with an internal error, never an accepted object.
func TestAPanicInKubeAPIServersCodeIsAnInternalError(t *testing.T) {
	k := &Kind{gvk: gvkOf("", "v1", "ConfigMap"), resource: "configmaps", strategy: panickingStrategy{configmap.Strategy}}
	obj := map[string]any{"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "c"}}
	answer := k.Admit(context.Background(), engine.NativeRequest{Operation: engine.Create, Object: obj})
	if len(answer.Errors) != 1 || !strings.Contains(answer.Errors[0].Error(), "panicked: boom") || answer.Object != nil {
		t.Fatalf("answer %+v, want one internal error and no object", answer)
	}
}
