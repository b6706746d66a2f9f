package kvaltest_test

import (
	"context"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/restmapper"
	"k8s.io/client-go/scale"
	"k8s.io/utils/ptr"
)

func deployment(name string, replicas *int32) *appsv1.Deployment {
	labels := map[string]string{"app": name}
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "ns"},
		Spec: appsv1.DeploymentSpec{Replicas: replicas, Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: podTemplate(labels)},
	}
}

// podTemplate is the smallest pod template kube-apiserver accepts: labels
// (its owner's selector must match them) and one container.
func podTemplate(labels map[string]string) corev1.PodTemplateSpec {
	return corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c", Image: "busybox"}}}}
}

// A Deployment's /scale is served as kube-apiserver serves it: the
// replicas and the selector as a string, and a write of it sets the
// Deployment's replicas.
func TestServerDeploymentScale(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	if _, err := cs.AppsV1().Deployments("ns").Create(ctx, deployment("web", ptr.To[int32](2)), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	scale, err := cs.AppsV1().Deployments("ns").GetScale(ctx, "web", metav1.GetOptions{})
	if err != nil || scale.Spec.Replicas != 2 || scale.Status.Selector != "app=web" || scale.Namespace != "ns" {
		t.Fatalf("GET deployments/scale: %v %+v", err, scale)
	}
	scale.Spec.Replicas = 5
	if _, err := cs.AppsV1().Deployments("ns").UpdateScale(ctx, "web", scale, metav1.UpdateOptions{}); err != nil {
		t.Fatalf("PUT deployments/scale: %v", err)
	}
	patch := []byte(`{"spec":{"replicas":7}}`)
	if _, err := cs.AppsV1().Deployments("ns").Patch(ctx, "web", types.MergePatchType, patch, metav1.PatchOptions{}, "scale"); err != nil {
		t.Fatalf("PATCH deployments/scale: %v", err)
	}
	d, err := cs.AppsV1().Deployments("ns").Get(ctx, "web", metav1.GetOptions{})
	if err != nil || *d.Spec.Replicas != 7 {
		t.Fatalf("the Deployment after its scale was written: %v %+v", err, d.Spec.Replicas)
	}
}

// kube-apiserver's ValidateScale refuses negative replicas: 422 on the Scale.
func TestServerDeploymentScaleRefusesNegativeReplicas(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	if _, err := cs.AppsV1().Deployments("ns").Create(ctx, deployment("web", nil), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	scale, err := cs.AppsV1().Deployments("ns").GetScale(ctx, "web", metav1.GetOptions{})
	if err != nil || scale.Spec.Replicas != 1 {
		t.Fatalf("the scale of a Deployment created without replicas (kube-apiserver defaults 1): %v %+v", err, scale)
	}
	scale.Spec.Replicas = -1
	_, err = cs.AppsV1().Deployments("ns").UpdateScale(ctx, "web", scale, metav1.UpdateOptions{})
	want := `Scale.autoscaling "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0`
	if !apierrors.IsInvalid(err) || err.Error() != want {
		t.Fatalf("negative replicas: got %v, want %s", err, want)
	}
}

// StatefulSets, ReplicaSets and ReplicationControllers have a scale too.
func TestServerBuiltinScales(t *testing.T) {
	_, cs := newClientset(t)
	ctx := context.Background()
	rcLabels := map[string]string{"b": "2", "a": "1"}
	rcTemplate := podTemplate(rcLabels)
	rc := &corev1.ReplicationController{ObjectMeta: metav1.ObjectMeta{Name: "rc", Namespace: "ns"},
		Spec: corev1.ReplicationControllerSpec{Replicas: ptr.To[int32](3), Selector: rcLabels, Template: &rcTemplate}}
	if _, err := cs.CoreV1().ReplicationControllers("ns").Create(ctx, rc, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	scale, err := cs.CoreV1().ReplicationControllers("ns").GetScale(ctx, "rc", metav1.GetOptions{})
	if err != nil || scale.Spec.Replicas != 3 || scale.Status.Selector != "a=1,b=2" {
		t.Fatalf("GET replicationcontrollers/scale: %v %+v", err, scale)
	}
	ss := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "ss", Namespace: "ns"},
		Spec: appsv1.StatefulSetSpec{Replicas: ptr.To[int32](1), Selector: &metav1.LabelSelector{MatchExpressions: []metav1.LabelSelectorRequirement{{Key: "x", Operator: metav1.LabelSelectorOpExists}}},
			Template: podTemplate(map[string]string{"x": "1"})}}
	if _, err := cs.AppsV1().StatefulSets("ns").Create(ctx, ss, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	next := &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: "ss", Namespace: "ns"}, Spec: autoscalingv1.ScaleSpec{Replicas: 4}}
	got, err := cs.AppsV1().StatefulSets("ns").UpdateScale(ctx, "ss", next, metav1.UpdateOptions{})
	if err != nil || got.Spec.Replicas != 4 || got.Status.Selector != "x" {
		t.Fatalf("PUT statefulsets/scale: %v %+v", err, got)
	}
}

// Discovery lists the scale subresources, as the HPA and KEDA look them up.
func TestServerDiscoveryListsBuiltinScales(t *testing.T) {
	_, cs := newClientset(t)
	for gv, resources := range map[string][]string{"apps/v1": {"deployments/scale", "statefulsets/scale", "replicasets/scale"}, "v1": {"replicationcontrollers/scale"}} {
		list, err := cs.Discovery().ServerResourcesForGroupVersion(gv)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range resources {
			if !listsScale(list, name) {
				t.Errorf("%s does not list %s", gv, name)
			}
		}
	}
}

// listsScale reports whether list has name, of autoscaling/v1's Scale (as
// kube-apiserver lists it: scale clients resolve the kind from it).
func listsScale(list *metav1.APIResourceList, name string) bool {
	for _, r := range list.APIResources {
		if r.Name == name && r.Group == "autoscaling" && r.Version == "v1" && r.Kind == "Scale" {
			return true
		}
	}
	return false
}

// client-go's scale client, as the HPA and KEDA use it, resolves the
// Scale's kind from discovery and scales a Deployment.
func TestServerScaleClient(t *testing.T) {
	srv, cs := newClientset(t)
	ctx := context.Background()
	if _, err := cs.AppsV1().Deployments("ns").Create(ctx, deployment("web", ptr.To[int32](1)), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	mapper := restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(cs.Discovery()))
	sc, err := scale.NewForConfig(srv.Config(), mapper, dynamic.LegacyAPIPathResolverFunc, scale.NewDiscoveryScaleKindResolver(cs.Discovery()))
	if err != nil {
		t.Fatal(err)
	}
	gr := schema.GroupResource{Group: "apps", Resource: "deployments"}
	got, err := sc.Scales("ns").Get(ctx, gr, "web", metav1.GetOptions{})
	if err != nil || got.Spec.Replicas != 1 {
		t.Fatalf("the scale client's GET: %v %+v", err, got)
	}
}
