package builtin

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"io"

	"github.com/kval-dev/kval/builtin/internal/format"
)

//go:embed data/*.json.gz
var data embed.FS

// file is the embedded file of one version, as internal/gen writes it.
type file struct {
	Source string      `json:"source"`
	Kinds  []kindEntry `json:"kinds"`
	// Definitions are decoded one by one, by manifest.DecodeObject, into
	// the unstructured form schema.Parse reads (integers as int64).
	Definitions map[string]json.RawMessage `json:"definitions"`
}

// kindEntry is one kind of the embedded file.
type kindEntry = format.Kind

// dataFile names the embedded file of a minor version.
func dataFile(minor string) string { return "data/kubernetes-" + minor + ".json.gz" }

// readFile decompresses and decodes the embedded file of a minor version.
func readFile(minor string) (*file, error) {
	compressed, err := data.ReadFile(dataFile(minor))
	if err != nil {
		return nil, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dataFile(minor), err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dataFile(minor), err)
	}
	f := &file{}
	if err := json.Unmarshal(raw, f); err != nil {
		return nil, fmt.Errorf("%s: %w", dataFile(minor), err)
	}
	return f, nil
}
