package webhook

import (
	"io"
	"os"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	dynamicfake "k8s.io/client-go/dynamic/fake"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
)

// liveCRD is the example CRD as kube-apiserver stores it after
// `kubectl apply -f <(kval annotate crd.yaml)`: extensions in the annotation.
func liveCRD(t *testing.T) *unstructured.Unstructured {
	t.Helper()
	docs, errs := manifest.ReadAll("crd.yaml", mustOpen(t, "../examples/crd.yaml"))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	packed, moved, err := annotation.Pack(docs[0].Object)
	if err != nil || moved == 0 {
		t.Fatalf("pack: %d, %v", moved, err)
	}
	return &unstructured.Unstructured{Object: packed}
}

func mustOpen(t *testing.T, path string) io.Reader {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func TestLiveCRDsAreServedWithTheirAnnotatedExtensions(t *testing.T) {
	crd := liveCRD(t)
	client := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList"}, crd)
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, ClusterCRDs(cat, client, ""))
	start()
	eventually(t, "the cluster's CRDs are loaded", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "[+]source cluster ok (1 CRDs)")
	})

	change := review(admissionv1.Update, database("mysql", "16.2"), database("postgres", "16.2"))
	if resp := post(t, ts, "/validate", change); resp.Allowed || !strings.Contains(resp.Result.Message, "spec.engine: Forbidden: field is immutable") {
		t.Fatalf("the annotated Immutable must hold: %+v", resp.Result)
	}

	unannotated := crd.DeepCopy()
	unannotated.SetAnnotations(nil)
	if _, err := client.Resource(crdResource).Update(t.Context(), unannotated, metav1.UpdateOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the changed CRD is served", func() bool { return post(t, ts, "/validate", change).Allowed })

	if err := client.Resource(crdResource).Delete(t.Context(), crd.GetName(), metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the deleted CRD is gone", func() bool {
		resp := post(t, ts, "/validate", change)
		return !resp.Allowed && strings.Contains(resp.Result.Message, "kval has no schema for Database")
	})
}

// TestALiveCRDWhoseAnnotationIsBrokenIsRefused: the source loads, says on
// /readyz which CRD it refused, and kval serves nothing for it.
func TestALiveCRDWhoseAnnotationIsBrokenIsRefused(t *testing.T) {
	crd := liveCRD(t)
	crd.SetAnnotations(map[string]string{annotation.Key: "{not json"})
	client := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{crdResource: "CustomResourceDefinitionList"}, crd)
	cat := catalog.New(catalog.Options{})
	ts, start := serveSources(t, cat, ClusterCRDs(cat, client, ""))
	start()
	eventually(t, "the refusal is reported", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "[+]source cluster ok (0 CRDs), last load:") && strings.Contains(detail, annotation.Key)
	})
	if resp := post(t, ts, "/validate", review(admissionv1.Create, database("postgres", "16.2"), nil)); resp.Allowed {
		t.Errorf("allowed a kind whose CRD was refused")
	}
}

func TestOnlySpecAndAnnotationChangesReloadALiveCRD(t *testing.T) {
	old := liveCRD(t)
	old.SetGeneration(3)
	statusOnly := old.DeepCopy()
	statusOnly.Object["status"] = map[string]any{"conditions": []any{}}
	spec := old.DeepCopy()
	spec.SetGeneration(4)
	annotated := old.DeepCopy()
	annotated.SetAnnotations(map[string]string{annotation.Key: "{}"})
	for name, tc := range map[string]struct {
		obj  *unstructured.Unstructured
		want bool
	}{"status": {statusOnly, false}, "spec": {spec, true}, "annotation": {annotated, true}} {
		if got := schemaChanged(old, tc.obj); got != tc.want {
			t.Errorf("%s: schemaChanged = %v, want %v", name, got, tc.want)
		}
	}
}
