package cel

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/conformance/corpusset"
	"github.com/kval-dev/kval/conformance/upstream"
)

// crdVersion is one version of a corpus CRD, loaded by both sides.
type crdVersion = corpusset.Version

// corpusVersions loads every version of every corpus CRD with kval's loader
// and with kube-apiserver's decoding.
func corpusVersions(t testing.TB) []crdVersion {
	t.Helper()
	vs, err := corpusset.Versions()
	if err != nil {
		t.Fatal(err)
	}
	return vs
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

// decoded is obj as kube-apiserver validates it (pruned, defaulted); nil
// when it is rejected before validation.
func decoded(t testing.TB, cv crdVersion, obj map[string]any) map[string]any {
	t.Helper()
	served, err := cv.Served()
	if err != nil {
		t.Fatal(err)
	}
	out := runtime.DeepCopyJSON(obj)
	if served == nil {
		return out
	}
	if _, err := upstream.Decode(out, served, true); err != nil {
		return nil
	}
	return out
}
