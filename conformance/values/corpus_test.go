package values

import (
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/schema"
)

// crdVersion is one version of a corpus CRD, loaded by both sides.
type crdVersion struct {
	name     string // dir/crd/version
	gvk      string
	group    string
	version  string
	kind     string
	kval     *schema.Schema
	upstream *apiextensions.JSONSchemaProps
}

// corpusVersions loads every version of every corpus CRD, with kval's
// loader and with kube-apiserver's decoding and conversion.
func corpusVersions(t testing.TB) []crdVersion {
	t.Helper()
	vs, err := corpusset.Versions()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]crdVersion, 0, len(vs))
	for _, v := range vs {
		props, err := v.UpstreamSchema()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, crdVersion{name: v.Name, gvk: v.GVK(), group: v.CRD.Spec.Group, version: v.Version,
			kind: v.Kind(), kval: v.Schema(), upstream: props})
	}
	return out
}

// corpusObjects reads every object of the corpus, valid and invalid, by GVK.
func corpusObjects(t testing.TB) map[string][]corpusset.Object {
	t.Helper()
	objects, err := corpusset.Objects()
	if err != nil {
		t.Fatal(err)
	}
	return objects
}

// decoded is obj as kube-apiserver validates it: pruned and defaulted.
func decoded(t testing.TB, cv crdVersion, obj map[string]any) map[string]any {
	t.Helper()
	out := runtime.DeepCopyJSON(obj)
	served, err := upstreamServed(cv)
	if err != nil {
		t.Fatal(err)
	}
	if served == nil {
		return out
	}
	if _, err := upstream.Decode(out, served, true); err != nil {
		return nil // rejected before validation
	}
	return out
}
