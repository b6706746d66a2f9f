package kvaltest

import (
	"context"
	"strconv"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
)

// BenchmarkKvaltestDeploymentRoundTrip creates a Deployment and changes
// its image: validated (kube-apiserver's decoding, defaulting and
// strategy, kvaltest's default) and stored as written
// (SkipBuiltinValidation), the cost the option saves.
func BenchmarkKvaltestDeploymentRoundTrip(b *testing.B) {
	for name, opts := range map[string][]kvaltest.Option{
		"validated":  nil,
		"as-written": {kvaltest.SkipBuiltinValidation()},
	} {
		b.Run(name, func(b *testing.B) {
			c := kvaltest.NewClient(b, kvaltest.CRDs(), nil, append(opts, kvaltest.WarningHandler(rest.NoWarnings{}))...)
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if _, err := deploymentRoundTrip(ctx, c, "web-"+strconv.Itoa(i), "busybox:1.38"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestTheDeploymentRoundTripIsValidated keeps the benchmark honest: the
// measured writes succeed and are defaulted, and an update without an
// image is refused.
func TestTheDeploymentRoundTripIsValidated(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs(), nil)
	ctx := context.Background()
	d, err := deploymentRoundTrip(ctx, c, "good", "busybox:1.38")
	if err != nil || d.Spec.Replicas == nil || *d.Spec.Replicas != 1 || d.Generation != 2 {
		t.Fatalf("%v: replicas %v, generation %d, want kube-apiserver's default 1 and generation 2", err, d.Spec.Replicas, d.Generation)
	}
	_, err = deploymentRoundTrip(ctx, c, "bad", "")
	if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "spec.template.spec.containers[0].image: Required value") {
		t.Fatalf("no image: %v, want Invalid", err)
	}
}

func deploymentRoundTrip(ctx context.Context, c client.Client, name, image string) (*appsv1.Deployment, error) {
	labels := map[string]string{"app": name}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "shop"},
		Spec: appsv1.DeploymentSpec{Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "web", Image: "busybox:1.37"}}}}}}
	if err := c.Create(ctx, d); err != nil {
		return nil, err
	}
	d.Spec.Template.Spec.Containers[0].Image = image
	return d, c.Update(ctx, d)
}
