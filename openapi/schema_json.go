package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// schemaKeywords is Schema without its methods and extensions, for the
// standard encoding of the keywords.
type schemaKeywords Schema

// MarshalJSON writes the keywords, then the extensions sorted by name.
func (s *Schema) MarshalJSON() ([]byte, error) {
	keywords, err := marshal((*schemaKeywords)(s))
	if err != nil {
		return nil, err
	}
	if len(s.Extensions) == 0 {
		return keywords, nil
	}
	var buf bytes.Buffer
	buf.Write(keywords[:len(keywords)-1]) // without the closing brace
	needComma := len(keywords) > len("{}")
	for _, key := range slices.Sorted(maps.Keys(s.Extensions)) {
		value, err := marshal(s.Extensions[key])
		if err != nil {
			return nil, fmt.Errorf("extension %s: %w", key, err)
		}
		if needComma {
			buf.WriteByte(',')
		}
		name, _ := marshal(key)
		buf.Write(name)
		buf.WriteByte(':')
		buf.Write(value)
		needComma = true
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads the keywords and keeps every x- key as an extension.
func (s *Schema) UnmarshalJSON(data []byte) error {
	var keywords schemaKeywords
	if err := json.Unmarshal(data, &keywords); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	*s = Schema(keywords)
	for key, raw := range all {
		if !strings.HasPrefix(key, "x-") {
			continue
		}
		var value any
		if err := json.Unmarshal(raw, &value); err != nil {
			return fmt.Errorf("extension %s: %w", key, err)
		}
		s.setExtension(key, value)
	}
	return nil
}

// MarshalJSON writes the schema, or the boolean when there is none.
func (s *SchemaOrBool) MarshalJSON() ([]byte, error) {
	if s.Schema != nil {
		return s.Schema.MarshalJSON()
	}
	return marshal(s.Allows)
}

// UnmarshalJSON reads a boolean or a schema (which allows).
func (s *SchemaOrBool) UnmarshalJSON(data []byte) error {
	if err := json.Unmarshal(data, &s.Allows); err == nil {
		s.Schema = nil
		return nil
	}
	s.Allows, s.Schema = true, &Schema{}
	return json.Unmarshal(data, s.Schema)
}

// marshal encodes compact JSON without escaping <, > and &: descriptions
// are read by people, and kube-apiserver does not escape them either.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
