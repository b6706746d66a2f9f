package lint

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// FuzzCheckCRD loads any input as manifests and gives the full create-time
// verdict on every CRD in it (the zero Options: value validation and CEL on
// defaults included) and its warnings: nothing may panic.
func FuzzCheckCRD(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "conformance", "crdvalidation", "testdata", "*.yaml"))
	for _, path := range seeds {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		docs, _ := manifest.ReadAll("fuzz", bytes.NewReader(data))
		for _, doc := range docs {
			if !schema.IsCRD(doc.Object) {
				continue
			}
			if crd, errs := schema.DecodeCRD(doc); len(errs) == 0 {
				CheckCRD(context.Background(), crd, Options{})
				WarningsOnCreate(crd)
			}
		}
	})
}
