package kvaltest_test

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
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
