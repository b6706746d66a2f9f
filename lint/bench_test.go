package lint

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/schema"
)

// BenchmarkCheckCRDHTTPRoute lints the largest Gateway API CRD (the
// experimental HTTPRoute: 1 schema of 540 kB for 2 versions, hundreds of
// rules, defaults whose subtrees hold most of them), what a `kval
// validate` of HTTPRoutes pays once before its first object.
func BenchmarkCheckCRDHTTPRoute(b *testing.B) {
	path, err := corpus.Path("gateway-api", "crds-experimental", "gateway.networking.k8s.io_httproutes.yaml")
	if err != nil {
		b.Fatal(err)
	}
	loaded := schema.LoadFiles([]string{path})
	if len(loaded.CRDs) != 1 {
		b.Fatalf("%s: %d CRDs", path, len(loaded.CRDs))
	}
	for b.Loop() {
		if errs := CheckCRD(context.Background(), loaded.CRDs[0], Options{}); len(errs) > 0 {
			b.Fatal(errs)
		}
	}
}
