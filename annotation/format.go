package annotation

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kval-dev/kval/internal/jsonvalue"
	kjson "sigs.k8s.io/json"
)

// extensions is the annotation's content: schema key (a version name or
// TopLevelSchema) → JSON Pointer into that openAPIV3Schema → keyword →
// value. A value is a string, or nil for a keyword given as null (which
// kval reads as absent, but which Unpack must give back as it was).
type extensions map[string]map[string]map[string]any

func (e extensions) add(key, pointer, keyword string, value any) {
	if e[key] == nil {
		e[key] = map[string]map[string]any{}
	}
	if e[key][pointer] == nil {
		e[key][pointer] = map[string]any{}
	}
	e[key][pointer][keyword] = value
}

// count is the number of keywords recorded.
func (e extensions) count() int {
	n := 0
	for _, pointers := range e {
		for _, keywords := range pointers {
			n += len(keywords)
		}
	}
	return n
}

// encode renders e as one line of JSON, keys sorted (encoding/json sorts
// map keys) so that packing the same CRD always gives the same annotation.
// <, > and & stay as they are, for people reading the annotation.
func (e extensions) encode() (string, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(e); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buf.String(), "\n"), nil
}

// parseExtensions reads an annotation value strictly: the annotation may
// have been edited by hand, and whatever Unpack accepts ends up in a schema.
func parseExtensions(raw string) (extensions, error) {
	var e extensions
	strictErrs, err := kjson.UnmarshalStrict([]byte(raw), &e, kjson.DisallowDuplicateFields)
	if err == nil && len(strictErrs) > 0 {
		err = errors.Join(strictErrs...)
	}
	if err != nil {
		return nil, fmt.Errorf("malformed JSON: %w", err)
	}
	if e == nil {
		return nil, errors.New("must be a JSON object, not null")
	}
	return e, e.validate()
}

// validate checks what JSON types cannot: schema keys, pointers, keywords
// and their values.
func (e extensions) validate() error {
	for _, key := range slices.Sorted(maps.Keys(e)) {
		if key == "" {
			return fmt.Errorf(`schema key "": must be a version name or %s`, TopLevelSchema)
		}
		if e[key] == nil {
			return fmt.Errorf("schema key %q: must be an object, not null", key)
		}
		for _, pointer := range slices.Sorted(maps.Keys(e[key])) {
			if err := validateEntry(pointer, e[key][pointer]); err != nil {
				return fmt.Errorf("%s: %w", where(key, pointer), err)
			}
		}
	}
	return nil
}

// validateEntry checks the keywords recorded at one pointer.
func validateEntry(pointer string, keywords map[string]any) error {
	if _, err := parsePointer(pointer); err != nil {
		return err
	}
	if keywords == nil {
		return errors.New("must be an object, not null")
	}
	for _, keyword := range slices.Sorted(maps.Keys(keywords)) {
		if !isExtension(keyword) {
			return fmt.Errorf("%q: only %s and %s may be recorded", keyword, mutabilityKeyword, keyMutabilityKeyword)
		}
		if err := checkValue(keywords[keyword]); err != nil {
			return fmt.Errorf("%s: %w", keyword, err)
		}
	}
	return nil
}

func isExtension(keyword string) bool {
	return keyword == mutabilityKeyword || keyword == keyMutabilityKeyword
}

// checkValue accepts the values an extension may have in a CRD kval loads:
// a string, or null (absent). Anything else kval cannot load (and lint
// reports), and would not survive the annotation exactly: JSON has one
// number type where the CRD's decoding has two.
func checkValue(value any) error {
	switch value.(type) {
	case string, nil:
		return nil
	}
	return fmt.Errorf("must be a string, not %s", jsonvalue.TypeName(value))
}

// where names a place in a schema for messages.
func where(key, pointer string) string {
	if key == TopLevelSchema {
		return fmt.Sprintf("%s.openAPIV3Schema at %q", TopLevelSchema, pointer)
	}
	return fmt.Sprintf("version %q at %q", key, pointer)
}
