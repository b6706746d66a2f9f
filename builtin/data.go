package builtin

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/kval-dev/kval/builtin/internal/format"
)

//go:embed data/*.json.gz
var data embed.FS

// file is one version's kinds and definitions, assembled from its
// embedded file and the shared definitions (see internal/gen's writeAll).
type file struct {
	Source string
	Kinds  []kindEntry
	// Definitions are decoded one by one, by manifest.DecodeObject, into
	// the unstructured form schema.Parse reads (integers as int64).
	Definitions map[string]json.RawMessage
}

// kindEntry is one kind of the embedded file.
type kindEntry = format.Kind

// dataFile names the embedded file of a minor version.
func dataFile(minor string) string { return "data/kubernetes-" + minor + ".json.gz" }

// readFile reads the embedded file of a minor version and the forms of
// the definitions it names.
func readFile(minor string) (*file, error) {
	var v format.Version
	if err := readGzipJSON(dataFile(minor), &v); err != nil {
		return nil, err
	}
	shared, err := sharedDefinitions()
	if err != nil {
		return nil, err
	}
	f := &file{Source: v.Source, Kinds: v.Kinds, Definitions: make(map[string]json.RawMessage, len(v.Definitions))}
	for name, form := range v.Definitions {
		forms := shared[name]
		if form < 0 || form >= len(forms) {
			return nil, fmt.Errorf("%s: definition %s: form %d of %d in %s", dataFile(minor), name, form, len(forms), format.SharedFile)
		}
		f.Definitions[name] = forms[form]
	}
	return f, nil
}

var (
	sharedOnce  sync.Once
	sharedForms map[string][]json.RawMessage
	sharedErr   error
)

// sharedDefinitions reads the forms of every definition once: the first
// version used pays for them.
func sharedDefinitions() (map[string][]json.RawMessage, error) {
	sharedOnce.Do(func() {
		sharedErr = readGzipJSON("data/"+format.SharedFile, &sharedForms)
	})
	return sharedForms, sharedErr
}

// readGzipJSON decompresses and decodes an embedded file.
func readGzipJSON(name string, v any) error {
	compressed, err := data.ReadFile(name)
	if err != nil {
		return err
	}
	zr, err := gzip.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
