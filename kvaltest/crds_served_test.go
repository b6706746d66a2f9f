package kvaltest_test

import (
	"context"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/kvaltest"
)

var crdsGVR = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}

const gadgetCRD = `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.late.kval.dev}
spec:
  group: late.kval.dev
  scope: Namespaced
  names: {plural: gadgets, kind: Gadget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer, minimum: 1}
`

func unstructuredYAML(t *testing.T, doc string) *unstructured.Unstructured {
	t.Helper()
	u := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(doc), &u.Object); err != nil {
		t.Fatal(err)
	}
	return u
}

// A CRD created through the server at run time is established at once
// (its names accepted, its storage version stored), its group is in
// discovery and its custom resources are served and validated.
func TestServerServesCRDsCreatedAtRunTime(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	dc := dynamic.NewForConfigOrDie(srv.Config())
	ctx := context.Background()
	crd, err := dc.Resource(crdsGVR).Create(ctx, unstructuredYAML(t, gadgetCRD), metav1.CreateOptions{})
	if err != nil {
		t.Fatalf("creating a CRD: %v", err)
	}
	if !established(crd) {
		t.Fatalf("the CRD's status: %v", crd.Object["status"])
	}
	if listKind, _, _ := unstructured.NestedString(crd.Object, "spec", "names", "listKind"); listKind != "GadgetList" {
		t.Errorf("spec.names.listKind %q, want GadgetList (defaulted)", listKind)
	}
	list, err := discovery.NewDiscoveryClientForConfigOrDie(srv.Config()).ServerResourcesForGroupVersion("late.kval.dev/v1")
	if err != nil || len(list.APIResources) != 1 || list.APIResources[0].Name != "gadgets" {
		t.Fatalf("discovery of late.kval.dev/v1: %v %+v", err, list)
	}
	gadgets := dc.Resource(schema.GroupVersionResource{Group: "late.kval.dev", Version: "v1", Resource: "gadgets"}).Namespace("ns")
	g := unstructuredYAML(t, `{apiVersion: late.kval.dev/v1, kind: Gadget, metadata: {name: g}, spec: {size: 2}}`)
	if _, err := gadgets.Create(ctx, g, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating a Gadget: %v", err)
	}
	g = unstructuredYAML(t, `{apiVersion: late.kval.dev/v1, kind: Gadget, metadata: {name: h}, spec: {size: 0}}`)
	if _, err := gadgets.Create(ctx, g, metav1.CreateOptions{}); !apierrors.IsInvalid(err) {
		t.Fatalf("a Gadget its schema refuses: %v, want Invalid", err)
	}
}

// established reports whether a CRD object has Established True.
func established(crd *unstructured.Unstructured) bool {
	conditions, _, _ := unstructured.NestedSlice(crd.Object, "status", "conditions")
	for _, c := range conditions {
		if m, _ := c.(map[string]any); m["type"] == "Established" && m["status"] == "True" {
			return true
		}
	}
	return false
}

// A CRD kube-apiserver would refuse is Invalid, and serves nothing.
func TestServerRefusesAnInvalidCRD(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	dc := dynamic.NewForConfigOrDie(srv.Config())
	bad := unstructuredYAML(t, gadgetCRD)
	_ = unstructured.SetNestedField(bad.Object, "Gadgets", "spec", "names", "plural")
	_, err := dc.Resource(crdsGVR).Create(context.Background(), bad, metav1.CreateOptions{})
	if !apierrors.IsInvalid(err) {
		t.Fatalf("a CRD with an uppercase plural: %v, want Invalid", err)
	}
}

// Deleting a CRD removes its custom resources and stops serving its kind.
func TestServerStopsServingADeletedCRD(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	dc := dynamic.NewForConfigOrDie(srv.Config())
	ctx := context.Background()
	if _, err := dc.Resource(crdsGVR).Create(ctx, unstructuredYAML(t, gadgetCRD), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	gadgets := dc.Resource(schema.GroupVersionResource{Group: "late.kval.dev", Version: "v1", Resource: "gadgets"}).Namespace("ns")
	g := unstructuredYAML(t, `{apiVersion: late.kval.dev/v1, kind: Gadget, metadata: {name: g}, spec: {size: 2}}`)
	if _, err := gadgets.Create(ctx, g, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := dc.Resource(crdsGVR).Delete(ctx, "gadgets.late.kval.dev", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := gadgets.List(ctx, metav1.ListOptions{}); !apierrors.IsNotFound(err) {
		t.Fatalf("listing the kind of a deleted CRD: %v, want NotFound", err)
	}
	if _, err := dc.Resource(crdsGVR).Create(ctx, unstructuredYAML(t, gadgetCRD), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	if list, err := gadgets.List(ctx, metav1.ListOptions{}); err != nil || len(list.Items) != 0 {
		t.Fatalf("the custom resources of a CRD deleted and created again: %v %v", err, list)
	}
}

// Requests run while a CRD is published: the client's kinds and the
// server's discovery are replaced, never changed in place (go test -race).
func TestServerPublishesCRDsWhileRequestsRun(t *testing.T) {
	srv := kvaltest.NewServer(t, kvaltest.CRDs("testdata/widgets.yaml"), nil)
	dc := dynamic.NewForConfigOrDie(srv.Config())
	disc := discovery.NewDiscoveryClientForConfigOrDie(srv.Config())
	ctx := context.Background()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 20 {
			_, _ = disc.ServerGroups()
			_, _ = dc.Resource(widgetsGVR).List(ctx, metav1.ListOptions{})
			_ = srv.Client().RESTMapper()
		}
	}()
	if _, err := dc.Resource(crdsGVR).Create(ctx, unstructuredYAML(t, gadgetCRD), metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	<-done
	if _, err := srv.Client().RESTMapper().KindFor(schema.GroupVersionResource{Group: "late.kval.dev", Version: "v1", Resource: "gadgets"}); err != nil {
		t.Fatalf("the client's RESTMapper after a CRD was created: %v", err)
	}
}
