package cel

import (
	"encoding/json"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"

	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// withoutRules loads a corpus CRD again, on both sides, with every
// x-kubernetes-validations removed.
func withoutRules(t testing.TB, cv crdVersion) (*schema.CRD, *apiextensions.CustomResourceDefinition) {
	t.Helper()
	docs, errs := manifest.ReadFile(cv.kval.Source.File)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, doc := range docs {
		meta, _ := doc.Object["metadata"].(map[string]any)
		if name, _ := meta["name"].(string); name != cv.kval.Name() {
			continue
		}
		stripRules(doc.Object)
		crd, loadErrs := schema.DecodeCRD(doc)
		if len(loadErrs) > 0 {
			t.Fatal(loadErrs)
		}
		data, err := json.Marshal(doc.Object)
		if err != nil {
			t.Fatal(err)
		}
		u, err := upstream.DecodeCRD(data)
		if err != nil {
			t.Fatal(err)
		}
		return crd, u
	}
	t.Fatalf("%s not found in %s", cv.kval.Name(), cv.kval.Source.File)
	return nil, nil
}

// stripRules removes x-kubernetes-validations everywhere in a document, in place.
func stripRules(v any) {
	switch v := v.(type) {
	case map[string]any:
		delete(v, "x-kubernetes-validations")
		for _, x := range v {
			stripRules(x)
		}
	case []any:
		for _, x := range v {
			stripRules(x)
		}
	}
}
