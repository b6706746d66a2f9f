package kvaltest_test

import (
	"context"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

func TestBuiltinKindsAreStoredWithoutValidation(t *testing.T) {
	c, _ := newDatabases(t)
	ctx := context.Background()
	// kube-apiserver would reject this name; kvaltest has no schema for ConfigMaps.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "Not_A_DNS_Name", Namespace: "shop"}, Data: map[string]string{"a": "1"}}
	mustCreate(t, c, cm)
	if cm.UID == "" || cm.ResourceVersion == "" {
		t.Errorf("system fields: uid %q, resourceVersion %q", cm.UID, cm.ResourceVersion)
	}
	cm.ResourceVersion = "" // built-in kinds allow unconditional updates
	cm.Data["b"] = "2"
	if err := c.Update(ctx, cm); err != nil {
		t.Fatal(err)
	}
	patch := client.RawPatch(types.StrategicMergePatchType, []byte(`{"data":{"c":"3"}}`))
	if err := c.Patch(ctx, cm, patch); err != nil || len(cm.Data) != 3 {
		t.Errorf("strategic merge patch: %v, data %v", err, cm.Data)
	}
	got := &corev1.ConfigMap{}
	if err := c.Get(ctx, client.ObjectKey{Namespace: "shop", Name: "missing"}, got); !apierrors.IsNotFound(err) || err.Error() != `configmaps "missing" not found` {
		t.Errorf("Get of a missing ConfigMap: %v", err)
	}
}

// TestValidateBuiltinsRefusesWhatThePublishedSchemaRejects: with the
// option, a Deployment without its required selector and a ConfigMap with
// a name that is no DNS subdomain are Invalid; without it both are stored.
func TestValidateBuiltinsRefusesWhatThePublishedSchemaRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		obj  func() client.Object
		want string
	}{
		{"Deployment without a selector", func() client.Object {
			return &unstructured.Unstructured{Object: map[string]any{
				"apiVersion": "apps/v1", "kind": "Deployment",
				"metadata": map[string]any{"name": "web", "namespace": "shop"},
				"spec": map[string]any{"template": map[string]any{
					"spec": map[string]any{"containers": []any{map[string]any{"name": "web", "image": "nginx"}}},
				}},
			}}
		}, `Deployment.apps "web" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: null: ` + "`selector` does not match template `labels`]"},
		{"ConfigMap with a bad name", func() client.Object {
			return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "Not_A_DNS_Name", Namespace: "shop"}}
		}, `ConfigMap "Not_A_DNS_Name" is invalid: metadata.name: Invalid value: "Not_A_DNS_Name"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			validating := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.ValidateBuiltins(""))
			err := validating.Create(context.Background(), tc.obj())
			if !apierrors.IsInvalid(err) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("with ValidateBuiltins: %v\nwant Invalid: %s", err, tc.want)
			}
			plain, _ := newDatabases(t)
			if err := plain.Create(context.Background(), tc.obj()); err != nil {
				t.Errorf("without ValidateBuiltins: %v, want it stored", err)
			}
		})
	}
}

// TestValidateBuiltinsStoresValidObjectsAsWritten: a valid Deployment is
// stored as written (no schema defaults added); an update breaking the
// schema is refused; an unknown version fails the client.
func TestValidateBuiltinsStoresValidObjectsAsWritten(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.ValidateBuiltins("1.36"))
	ctx := context.Background()
	labels := map[string]string{"app": "web"}
	d := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "shop"},
		Spec: appsv1.DeploymentSpec{
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "nginx", Ports: []corev1.ContainerPort{{ContainerPort: 80}}}}},
			},
		},
	}
	mustCreate(t, c, d)
	if p := d.Spec.Template.Spec.Containers[0].Ports[0].Protocol; p != "" {
		t.Errorf("port protocol %q: the schema's default TCP should not be stored", p)
	}
	d.Status.Replicas = 1
	if err := c.Status().Update(ctx, d); err != nil || d.Status.Replicas != 1 {
		t.Errorf("status update: %v, status %+v", err, d.Status)
	}
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, corev1.Container{Name: "web", Image: "busybox"})
	err := c.Update(ctx, d)
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.template.spec.containers[1].name: Duplicate value") {
		t.Errorf("update with two containers named web: %v, want Invalid", err)
	}
	if _, err := kvaltest.New(kvaltest.CRDs("../examples/crd.yaml"), nil, kvaltest.ValidateBuiltins("0.1")); err == nil {
		t.Error("ValidateBuiltins(0.1): no error")
	}
}
