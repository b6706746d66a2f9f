package e2e

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
)

// TestGatewayAPIExamplesAsKubeAPIServerReturnsThem creates every Gateway
// API example and invalid example (experimental channel) through
// kube-apiserver as a server-side dry run, and through kval's library entry
// point: the same verdict, the same Invalid error, and for accepted objects
// the same object, as kube-apiserver returns it (read back from storage,
// with the status its defaults give). Objects of versions the CRDs do not
// serve are "no match" on both sides.
func TestGatewayAPIExamplesAsKubeAPIServerReturnsThem(t *testing.T) {
	client := dynamicClient(t)
	crdDir := corpusPath(t, "gateway-api", "crds-experimental")
	cat := catalog.New(catalog.Options{})
	if _, err := cat.LoadFiles(crdDir); err != nil {
		t.Fatal(err)
	}
	for _, crd := range readCorpus(t, crdDir) {
		if crd.Object["kind"] == "CustomResourceDefinition" {
			installCRD(t, client, crd.Object)
		}
	}
	compared := 0
	for _, dir := range []string{"examples", "invalid-examples"} {
		for _, doc := range readCorpus(t, corpusPath(t, "gateway-api", dir)) {
			if compareDryRun(t, client, cat, doc) {
				compared++
			}
		}
	}
	if compared < 100 {
		t.Errorf("compared %d objects; the corpus has more than 100", compared)
	}
}

func corpusPath(t *testing.T, elem ...string) string {
	t.Helper()
	path, err := corpus.Path(elem...)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// readCorpus reads every document below dir.
func readCorpus(t *testing.T, dir string) []manifest.Document {
	t.Helper()
	files, err := manifest.ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var docs []manifest.Document
	for _, f := range files {
		read, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			t.Fatalf("%s: %v", f, errs)
		}
		docs = append(docs, read...)
	}
	return docs
}

// compareDryRun creates one document both ways and reports whether it was
// a custom resource of the catalog's groups.
func compareDryRun(t *testing.T, client dynamic.Interface, cat *catalog.Catalog, doc manifest.Document) bool {
	t.Helper()
	where := fmt.Sprintf("%s#%d", filepath.Base(doc.Source.File), doc.Source.Index)
	u := &unstructured.Unstructured{Object: doc.Object}
	v, err := cat.ForObject(t.Context(), u.GetAPIVersion(), u.GetKind())
	var notCovered *catalog.NotCoveredError
	if errors.As(err, &notCovered) {
		return false
	}
	gvr := schema.GroupVersionResource{Group: u.GroupVersionKind().Group, Version: u.GroupVersionKind().Version}
	if err != nil {
		gvr.Resource = resourceOf(cat, u.GroupVersionKind().GroupKind())
		_, serverErr := create(t.Context(), client, gvr, u)
		if !apierrors.IsNotFound(serverErr) {
			t.Errorf("%s: kval: %v; kube-apiserver: %v, want not found", where, err, serverErr)
		}
		return true
	}
	gvr.Resource = v.CRD().Spec.Names.Plural
	if v.CRD().Namespaced() && u.GetNamespace() == "" {
		u.SetNamespace("default")
	}
	if v.CRD().Namespaced() {
		ensure(t, client.Resource(namespaceRes), namespace(u.GetNamespace()))
	}
	res, err := v.Validate(t.Context(), engine.Request{Operation: engine.Create, Object: runtime.DeepCopyJSON(u.Object)})
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	got, serverErr := create(t.Context(), client, gvr, u)
	compareOutcome(t, where, v, u.GetName(), res, got, serverErr)
	return true
}

// resourceOf is the plural of a kind some CRD of the catalog defines.
func resourceOf(cat *catalog.Catalog, gk schema.GroupKind) string {
	for _, crd := range cat.CRDs() {
		if crd.Spec.Group == gk.Group && crd.Spec.Names.Kind == gk.Kind {
			return crd.Spec.Names.Plural
		}
	}
	return ""
}

func create(ctx context.Context, client dynamic.Interface, gvr schema.GroupVersionResource, u *unstructured.Unstructured) (*unstructured.Unstructured, error) {
	opts := metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: metav1.FieldValidationWarn}
	return client.Resource(gvr).Namespace(u.GetNamespace()).Create(ctx, u, opts)
}

// compareOutcome compares kval's result with kube-apiserver's answer.
func compareOutcome(t *testing.T, where string, v *engine.Validator, name string, res *engine.Result, got *unstructured.Unstructured, serverErr error) {
	t.Helper()
	if !res.Valid() {
		want := apierrors.NewInvalid(schema.GroupKind{Group: v.CRD().Spec.Group, Kind: v.Kind()}, name, res.Errors)
		if !sameInvalid(serverErr, want) {
			t.Errorf("%s: kube-apiserver: %v\nkval: %v", where, serverErr, want)
		}
		return
	}
	if serverErr != nil {
		t.Errorf("%s: kube-apiserver: %v; kval accepts it", where, serverErr)
		return
	}
	if theirs := withoutServerFields(got.Object); !sameJSON(res.Object, theirs) {
		t.Errorf("%s: objects differ\nkval:           %s\nkube-apiserver: %s", where, jsonString(res.Object), jsonString(theirs))
	}
}

// sameInvalid compares kube-apiserver's Invalid error with kval's. When
// kube-apiserver runs CEL rules it walks an object's properties in Go map
// order (apiextensions-apiserver's schema/cel validateMap), so errors under
// different properties come in an order that changes from run to run: the
// errors must be the same, in any order, and the same in the message.
func sameInvalid(server error, want *apierrors.StatusError) bool {
	var got *apierrors.StatusError
	if !errors.As(server, &got) {
		return false
	}
	if got.Error() == want.Error() {
		return true
	}
	g, w := got.ErrStatus, want.ErrStatus
	if g.Reason != w.Reason || g.Code != w.Code || g.Details == nil || w.Details == nil {
		return false
	}
	return sortedCauses(g.Details.Causes) == sortedCauses(w.Details.Causes) && messageHead(g.Message) == messageHead(w.Message)
}

// sortedCauses is a comparable form of causes in any order.
func sortedCauses(causes []metav1.StatusCause) string {
	lines := make([]string, len(causes))
	for i, c := range causes {
		lines[i] = fmt.Sprintf("%s\x00%s\x00%s", c.Type, c.Field, c.Message)
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// messageHead is an Invalid message before its list of errors.
func messageHead(msg string) string {
	head, _, _ := strings.Cut(msg, ": [")
	return head
}

// withoutServerFields drops what storage adds: uid, creationTimestamp,
// resourceVersion and managedFields.
func withoutServerFields(obj map[string]any) map[string]any {
	out := maps.Clone(obj)
	meta := maps.Clone(out["metadata"].(map[string]any))
	for _, k := range []string{"uid", "creationTimestamp", "resourceVersion", "managedFields"} {
		delete(meta, k)
	}
	out["metadata"] = meta
	return out
}
