package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/utils/ptr"

	"github.com/kval-dev/kval/kvaltest"
)

// TestKvaltestServerServesAsKubeAPIServer runs the same requests against
// kvaltest.Server and kube-apiserver and compares what each answers, on
// the paths issue 49 found different: the scale of a Deployment, core v1
// Events, the namespace of cluster-scoped objects, a Secret's stringData,
// a Namespace's phase and finalizer, the health endpoints, a CRD
// created at run time, and built-in objects' defaults and validation.
func TestKvaltestServerServesAsKubeAPIServer(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs(), nil)
	kval := observeServer(t, srv.Config(), srv.URL(), nil)
	cfg := testCluster.Config()
	health, err := rest.HTTPClientFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cluster := observeServer(t, cfg, cfg.Host, health)
	for what, want := range cluster {
		t.Logf("%s: %v", what, want)
		if got := kval[what]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\nkvaltest       %#v\nkube-apiserver %#v", what, got, want)
		}
	}
}

var (
	rbacClusterRoles = schema.GroupVersionResource{Group: "rbac.authorization.k8s.io", Version: "v1", Resource: "clusterroles"}
	gadgetsResource  = schema.GroupVersionResource{Group: "i49.e2e.kval.dev", Version: "v1", Resource: "gadgets"}
)

// observations are what a server answered, by request.
type observations map[string]any

// observeServer sends the requests to a server and records the answers.
func observeServer(t *testing.T, cfg *rest.Config, url string, hc *http.Client) observations {
	t.Helper()
	ctx := t.Context()
	cs := kubernetes.NewForConfigOrDie(cfg)
	dc := dynamic.NewForConfigOrDie(cfg)
	o := observations{}
	ns := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "i49-paths"}}
	created, err := cs.CoreV1().Namespaces().Create(ctx, ns, metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	o["namespace phase and finalizers"] = fmt.Sprintln(created.Status.Phase, created.Spec.Finalizers)
	observeScale(ctx, cs, o)
	observeEvents(ctx, cs, o)
	observeClusterScoped(ctx, dc, o)
	observeSecret(ctx, cs, o)
	observeHealth(url, hc, o)
	observeRuntimeCRD(t, dc, o)
	observeBuiltins(ctx, cs, o)
	observeRBAC(ctx, cfg, cs, o)
	err = cs.CoreV1().Namespaces().Delete(ctx, "i49-paths", metav1.DeleteOptions{})
	deleted, getErr := cs.CoreV1().Namespaces().Get(ctx, "i49-paths", metav1.GetOptions{})
	o["deleted namespace"] = fmt.Sprintln(err, getErr, deleted.Status.Phase, deleted.DeletionTimestamp != nil)
	return o
}

func observeScale(ctx context.Context, cs kubernetes.Interface, o observations) {
	labels := map[string]string{"app": "web"}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "i49-paths"},
		Spec: appsv1.DeploymentSpec{Replicas: ptr.To[int32](2), Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}}}
	_, err := cs.AppsV1().Deployments("i49-paths").Create(ctx, d, metav1.CreateOptions{})
	o["deployment create"] = errText(err)
	scale, err := cs.AppsV1().Deployments("i49-paths").GetScale(ctx, "web", metav1.GetOptions{})
	o["deployment scale"] = fmt.Sprintln(errText(err), scale.APIVersion, scale.Spec.Replicas, scale.Status.Selector)
	next := &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "i49-paths"}, Spec: autoscalingv1.ScaleSpec{Replicas: 5}}
	scale, err = cs.AppsV1().Deployments("i49-paths").UpdateScale(ctx, "web", next, metav1.UpdateOptions{})
	o["deployment scale update"] = fmt.Sprintln(errText(err), scale.Spec.Replicas)
	next.Spec.Replicas = -1
	_, err = cs.AppsV1().Deployments("i49-paths").UpdateScale(ctx, "web", next, metav1.UpdateOptions{})
	o["deployment negative scale"] = errText(err)
	list, err := cs.Discovery().ServerResourcesForGroupVersion("apps/v1")
	for _, r := range listOrEmpty(list) {
		if r.Name == "deployments/scale" {
			o["discovery of deployments/scale"] = fmt.Sprintln(errText(err), r.Group, r.Version, r.Kind, r.Verbs)
		}
	}
}

func listOrEmpty(l *metav1.APIResourceList) []metav1.APIResource {
	if l == nil {
		return nil
	}
	return l.APIResources
}

func observeEvents(ctx context.Context, cs kubernetes.Interface, o observations) {
	ev := &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "e1", Namespace: "i49-paths"}, Reason: "Started",
		InvolvedObject: corev1.ObjectReference{Kind: "Pod", Namespace: "i49-paths", Name: "p"}}
	_, err := cs.CoreV1().Events("i49-paths").Create(ctx, ev, metav1.CreateOptions{})
	o["core event create"] = errText(err)
	list, err := cs.CoreV1().Events("").List(ctx, metav1.ListOptions{FieldSelector: "metadata.namespace=i49-paths"})
	o["core events list"] = fmt.Sprintln(errText(err), len(list.Items))
}

func observeClusterScoped(ctx context.Context, dc dynamic.Interface, o observations) {
	roles := dc.Resource(rbacClusterRoles)
	role := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
		"metadata": map[string]any{"name": "i49-role", "namespace": "stray"}}}
	got, err := roles.Apply(ctx, "i49-role", role, metav1.ApplyOptions{FieldManager: "m", DryRun: []string{metav1.DryRunAll}})
	o["cluster-scoped dry-run apply"] = fmt.Sprintln(errText(err), namespaceOf(got))
	got, err = roles.Apply(ctx, "i49-role", role, metav1.ApplyOptions{FieldManager: "m"})
	o["cluster-scoped apply"] = fmt.Sprintln(errText(err), namespaceOf(got))
	got, err = roles.Apply(ctx, "i49-role", role, metav1.ApplyOptions{FieldManager: "m"})
	o["cluster-scoped apply again"] = fmt.Sprintln(errText(err), namespaceOf(got))
	got, err = roles.Patch(ctx, "i49-role", types.MergePatchType, []byte(`{"metadata":{"namespace":"stray"}}`), metav1.PatchOptions{})
	o["cluster-scoped merge patch"] = fmt.Sprintln(errText(err), namespaceOf(got))
}

func namespaceOf(u *unstructured.Unstructured) string {
	if u == nil {
		return "<nil>"
	}
	return u.GetNamespace()
}

func observeSecret(ctx context.Context, cs kubernetes.Interface, o observations) {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "s", Namespace: "i49-paths"},
		Data: map[string][]byte{"a": []byte("old"), "b": []byte("kept")}, StringData: map[string]string{"a": "new"}}
	got, err := cs.CoreV1().Secrets("i49-paths").Create(ctx, s, metav1.CreateOptions{})
	o["secret create"] = fmt.Sprintln(errText(err), got.Data, got.StringData)
	got, err = cs.CoreV1().Secrets("i49-paths").Patch(ctx, "s", types.MergePatchType, []byte(`{"stringData":{"c":"patched"}}`), metav1.PatchOptions{})
	o["secret patch"] = fmt.Sprintln(errText(err), got.Data, got.StringData)
}

func observeHealth(url string, hc *http.Client, o observations) {
	if hc == nil {
		hc = http.DefaultClient
	}
	for _, path := range []string{"/healthz", "/livez", "/readyz"} {
		resp, err := hc.Get(url + path)
		if err != nil {
			o[path] = err.Error()
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		o[path] = fmt.Sprintln(resp.StatusCode, string(body))
	}
}

const runtimeCRD = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"CustomResourceDefinition",
"metadata":{"name":"gadgets.i49.e2e.kval.dev"},
"spec":{"group":"i49.e2e.kval.dev","scope":"Namespaced","names":{"plural":"gadgets","kind":"Gadget"},
"versions":[{"name":"v1","served":true,"storage":true,"schema":{"openAPIV3Schema":{"type":"object",
"properties":{"spec":{"type":"object","properties":{"size":{"type":"integer","minimum":1}}}}}}}]}}`

// observeRuntimeCRD creates a CRD, waits until it is established (at
// once on kvaltest, moments later on kube-apiserver) and writes one of
// its objects, valid and invalid.
func observeRuntimeCRD(t *testing.T, dc dynamic.Interface, o observations) {
	ctx := t.Context()
	crd := &unstructured.Unstructured{}
	if err := crd.UnmarshalJSON([]byte(runtimeCRD)); err != nil {
		t.Fatal(err)
	}
	got, err := dc.Resource(crdResource).Create(ctx, crd, metav1.CreateOptions{})
	o["runtime CRD create"] = fmt.Sprintln(errText(err), got.Object["spec"].(map[string]any)["names"])
	deadline := time.Now().Add(30 * time.Second)
	for !crdEstablished(got) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		got, _ = dc.Resource(crdResource).Get(ctx, "gadgets.i49.e2e.kval.dev", metav1.GetOptions{})
	}
	o["runtime CRD established"] = crdEstablished(got)
	gadgets := dc.Resource(gadgetsResource).Namespace("i49-paths")
	g := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "i49.e2e.kval.dev/v1", "kind": "Gadget",
		"metadata": map[string]any{"name": "g"}, "spec": map[string]any{"size": int64(2)}}}
	_, err = createWhenServed(ctx, gadgets, g)
	o["runtime CRD object"] = errText(err)
	_ = unstructured.SetNestedField(g.Object, int64(0), "spec", "size")
	g.SetName("h")
	_, err = gadgets.Create(ctx, g, metav1.CreateOptions{})
	o["runtime CRD invalid object"] = errText(err)
	t.Cleanup(func() {
		_ = dc.Resource(crdResource).Delete(context.Background(), "gadgets.i49.e2e.kval.dev", metav1.DeleteOptions{})
	})
}

// createWhenServed creates obj, retrying while the resource is not served
// yet (kube-apiserver serves an established CRD's kind a moment later).
func createWhenServed(ctx context.Context, r dynamic.ResourceInterface, obj *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	var err error
	for range 100 {
		var got *unstructured.Unstructured
		if got, err = r.Create(ctx, obj, metav1.CreateOptions{}); err == nil || !apierrors.IsNotFound(err) {
			return got, err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, err
}

func crdEstablished(crd *unstructured.Unstructured) bool {
	conditions, _, _ := unstructured.NestedSlice(crd.Object, "status", "conditions")
	for _, c := range conditions {
		if m, _ := c.(map[string]any); m["type"] == "Established" && m["status"] == "True" {
			return true
		}
	}
	return false
}

func errText(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}
