package schema

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
)

// FuzzCheck loads any input as manifests and checks every CRD and bare
// schema in it: nothing may panic, and the checks must be deterministic.
func FuzzCheck(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "conformance", "crdvalidation", "testdata", "*.yaml"))
	for _, path := range seeds {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(crdWith("type: object\nproperties: {a: {type: string, x-kubernetes-mutability: Immutable}}")))
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := manifest.ReadAll("fuzz", bytes.NewReader(data))
		for _, doc := range docs {
			first, second := checkDocument(doc), checkDocument(doc)
			if len(first) != len(second) {
				t.Fatalf("checks are not deterministic: %d then %d errors", len(first), len(second))
			}
		}
	})
}

func checkDocument(doc manifest.Document) field.ErrorList {
	if IsCRD(doc.Object) {
		crd, errs := DecodeCRD(doc)
		if len(errs) > 0 {
			return errs
		}
		return checkModel(crd)
	}
	s, errs := Parse(nil, doc.Object)
	if len(errs) > 0 {
		return errs
	}
	return CheckSchemaPartial(nil, s, CheckOptions{})
}
