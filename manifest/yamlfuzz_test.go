package manifest

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzYAMLDecodeMatchesJSONRoundTrip decodes arbitrary bytes as one YAML
// document with decodeYAML and with the round trip through JSON: the
// values (Go types included) and the error texts must be the same, and
// when decodeYAML did not hand the document to the round trip, the JSON
// size it measured must be the length of the JSON.
func FuzzYAMLDecodeMatchesJSONRoundTrip(f *testing.F) {
	for _, input := range yamlEdgeCases {
		f.Add([]byte(input))
	}
	for _, path := range []string{
		"../testdata/corpus/gateway-api/examples/standard/http-filter.yaml",
		"../examples/objects/ledger.yaml",
	} {
		if data, err := os.ReadFile(filepath.FromSlash(path)); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var stats diffStats
		compareDecoders(t, "fuzz", raw, &stats)
	})
}
