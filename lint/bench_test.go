package lint

import (
	"context"
	"testing"

	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/schema"
)

// BenchmarkCheckCRD lints Gateway API CRDs (experimental channel), what
// a `kval validate` of their objects pays once before the first: the
// largest, HTTPRoute (one schema of 540 kB for 2 versions, hundreds of
// rules, defaults whose subtrees hold most of them), and Gateway (2
// versions whose schemas differ only in the root's description).
func BenchmarkCheckCRD(b *testing.B) {
	for _, name := range []string{"httproutes", "gateways"} {
		path, err := corpus.Path("gateway-api", "crds-experimental", "gateway.networking.k8s.io_"+name+".yaml")
		if err != nil {
			b.Fatal(err)
		}
		loaded := schema.LoadFiles([]string{path})
		if len(loaded.CRDs) != 1 {
			b.Fatalf("%s: %d CRDs", path, len(loaded.CRDs))
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if errs := CheckCRD(context.Background(), loaded.CRDs[0], Options{}); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		})
	}
}
