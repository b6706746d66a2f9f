package strategy_test

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/engine"
)

// A status update runs the kind's status strategy, as kube-apiserver's
// status subresource does: the status validated (e2e compares the same
// update with kube-apiserver's answer), the spec and the labels of the
// stored object kept, its annotations taken from the request.
func TestStatusUpdatesAnsweredAsKubeAPIServer(t *testing.T) {
	cat := newCatalog(t)
	stored := object(t, deploymentWith())
	stored["metadata"].(map[string]any)["resourceVersion"] = "7" // as stored
	v, err := cat.ForObject(context.Background(), "apps/v1", "Deployment")
	if err != nil {
		t.Fatal(err)
	}
	update := func(doc string) *engine.Result {
		obj := object(t, doc)
		obj["metadata"].(map[string]any)["resourceVersion"] = "7"
		res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Update, Subresource: engine.StatusSubresource, Object: obj, OldObject: stored})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if got := summary(update(deploymentWith("REPLICAS", "1") + "status: {replicas: -1}\n")); got != "FieldValueInvalid status.availableReplicas; FieldValueInvalid status.readyReplicas; FieldValueInvalid status.replicas; FieldValueInvalid status.updatedReplicas" {
		t.Errorf("a negative status.replicas: %s", got)
	}
	res := update(deploymentWith("REPLICAS", "5") + "status: {replicas: 1, readyReplicas: 1}\n")
	spec, _ := res.Object["spec"].(map[string]any)
	if summary(res) != "" || spec["replicas"] != int64(1) {
		t.Errorf("a status update that changes the spec: %s, spec.replicas %v (want the stored 1)", summary(res), spec["replicas"])
	}
}
