package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
)

// write writes the file as gzip-compressed JSON. The output depends only
// on the data (encoding/json sorts map keys; the gzip header carries no
// name or time), so regenerating an unchanged version changes nothing.
func write(path string, f *file) error {
	data, err := json.Marshal(f)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
