package manifest

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// BenchmarkYAMLDecode decodes one document side by side with the round
// trip through JSON (old), yaml.v2 and the walk (yamlv2, decodeYAML
// without its fast path) and the fast path alone (block), which
// decodeYAML tries first.
func BenchmarkYAMLDecode(b *testing.B) {
	for _, input := range []struct {
		name, path string
		index      int // of the document in the file
	}{
		{"HTTPRoute", "../testdata/corpus/gateway-api/examples/standard/http-filter.yaml", 0},
		{"Deployment", "../testdata/builtin-objects/web.yaml", 4},
		{"ConfigMap", "../testdata/builtin-objects/web.yaml", 1},
		{"CRD", "../testdata/corpus/gateway-api/crds-experimental/gateway.networking.k8s.io_httproutes.yaml", 0},
	} {
		raw := nthDocument(b, input.path, input.index)
		for _, decoder := range []struct {
			name   string
			decode func([]byte, int) (any, error)
		}{{"old", decodeViaJSON}, {"yamlv2", decodeYAMLv2}, {"block", decodeBlockOrFail}} {
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

// decodeBlockOrFail is decodeBlockYAML with an error when it declines.
func decodeBlockOrFail(raw []byte, _ int) (any, error) {
	if value, ok := decodeBlockYAML(raw); ok {
		return value, nil
	}
	return nil, errDeclined
}

var errDeclined = errors.New("the fast path declined the document")

func nthDocument(b *testing.B, path string, index int) []byte {
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	r := NewReader(path, bytes.NewReader(data))
	for i := 0; ; i++ {
		raw, err := r.NextRaw()
		if err != nil {
			b.Fatal(err)
		}
		if i == index {
			return raw.data
		}
	}
}
