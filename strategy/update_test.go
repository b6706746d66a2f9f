package strategy_test

import (
	"context"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/kval-dev/kval/engine"
)

// TestUpdatesAnsweredAsKubeAPIServer holds kube-apiserver's answers to
// updates kval makes from two manifests as kubectl apply does: its
// immutable fields, and no change reported for fields the server
// generated.
func TestUpdatesAnsweredAsKubeAPIServer(t *testing.T) {
	cat := newCatalog(t)
	for _, tc := range []struct{ name, old, doc, want string }{
		{"an unchanged Deployment", deploymentWith(), deploymentWith(), ""},
		{"a Deployment's selector changed", deploymentWith(), strings.Replace(deploymentWith("LABEL", "v2"), "matchLabels: {app: web}", "matchLabels: {app: v2}", 1),
			"FieldValueInvalid spec.selector"},
		{"a Service's clusterIP changed", service("clusterIP: 10.0.0.10"), service("clusterIP: 10.0.0.11"), "FieldValueInvalid spec.clusterIPs[0]"},
		{"a Service without clusterIP in either file", service(""), service(""), ""},
		{"a StatefulSet's volumeClaimTemplates changed", statefulSet("1Gi"), statefulSet("2Gi"),
			// Kubernetes 1.37 names the field (immutable); 1.36 said "Forbidden: spec: updates to statefulset spec for fields other than ...".
			"FieldValueInvalid spec.volumeClaimTemplates"},

		{"an immutable ConfigMap changed", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nimmutable: true\ndata: {a: one}\n",
			"apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\nimmutable: true\ndata: {a: two}\n", "FieldValueForbidden data"},
		{"a Job's template changed", job("nginx"), job("busybox"), "FieldValueInvalid spec.template"},
		{"a Job whose files leave out the generated selector", job("nginx"), job("nginx"), ""},
		{"a Namespace renamed is a create, the same name keeps its finalizers", "apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n",
			"apiVersion: v1\nkind: Namespace\nmetadata: {name: a, labels: {team: web}}\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := summary(validate(t, cat, tc.doc, tc.old)); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func service(clusterIP string) string {
	return "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: ns}\nspec:\n  selector: {app: web}\n  ports: [{port: 80}]\n  " + clusterIP + "\n"
}

func statefulSet(size string) string {
	return `apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db, namespace: ns}
spec:
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: postgres}]}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: ` + size + `}}}
`
}

func job(image string) string {
	return `apiVersion: batch/v1
kind: Job
metadata: {name: j, namespace: ns}
spec:
  template:
    spec: {restartPolicy: Never, containers: [{name: a, image: ` + image + `}]}
`
}

// TestJobKeepsItsGeneratedSelectorOnApply: the stored old Job has the
// selector and labels the server generated; the update keeps them, as
// kubectl apply does, and the answer shows them.
func TestJobKeepsItsGeneratedSelectorOnApply(t *testing.T) {
	res := validate(t, newCatalog(t), job("nginx"), job("nginx"))
	spec, _ := res.Object["spec"].(map[string]any)
	selector, _ := spec["selector"].(map[string]any)
	labels, _ := selector["matchLabels"].(map[string]any)
	if labels["batch.kubernetes.io/controller-uid"] == nil {
		t.Fatalf("selector %v: want the generated controller-uid", selector)
	}
}

// TestCreateUsesTheRequestsUID: a frontend with storage names the uid it
// will store a created object with (engine.Request.UID), and the Job's
// generated selector carries that uid, as kube-apiserver sets the uid
// before the strategy generates it; without one it is the fixed one.
func TestCreateUsesTheRequestsUID(t *testing.T) {
	for uid, want := range map[string]string{"": "00000000-0000-0000-0000-000000000000", "6a1c4f0e-1111-2222-3333-444455556666": "6a1c4f0e-1111-2222-3333-444455556666"} {
		obj := object(t, job("nginx"))
		v, err := newCatalog(t).ForObject(context.Background(), "batch/v1", "Job")
		if err != nil {
			t.Fatal(err)
		}
		res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Create, Object: obj, UID: uid})
		if err != nil || len(res.Errors) > 0 {
			t.Fatalf("%v %v", err, res.Errors)
		}
		selector, _, _ := unstructured.NestedStringMap(res.Object, "spec", "selector", "matchLabels")
		if got := selector["batch.kubernetes.io/controller-uid"]; got != want {
			t.Errorf("uid %q: selector's controller-uid %q, want %q", uid, got, want)
		}
	}
}
