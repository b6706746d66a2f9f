package manifest

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkYAMLDecode decodes one document with the round trip through
// JSON (old) and with decodeYAML (new), side by side.
func BenchmarkYAMLDecode(b *testing.B) {
	for _, input := range []struct{ name, path string }{
		{"HTTPRoute", "../testdata/corpus/gateway-api/examples/standard/http-filter.yaml"},
		{"CRD", "../testdata/corpus/gateway-api/crds-experimental/gateway.networking.k8s.io_httproutes.yaml"},
	} {
		raw := firstDocument(b, input.path)
		for _, decoder := range []struct {
			name   string
			decode func([]byte, int) (any, error)
		}{{"old", decodeViaJSON}, {"new", decodeYAML}} {
			b.Run(input.name+"/"+decoder.name, func(b *testing.B) {
				b.SetBytes(int64(len(raw)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := decoder.decode(raw, 1); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func firstDocument(b *testing.B, path string) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	r := NewReader(path, bytes.NewReader(data))
	raw, err := r.NextRaw()
	if err != nil {
		b.Fatal(err)
	}
	return raw.data
}
