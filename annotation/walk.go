package annotation

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// role says how a value inside a schema is read. The walk is generic: every
// value is walked and every object is a schema whose keys are keywords, with
// two exceptions, where a key named x-kubernetes-mutability is not the
// extension and must stay where it is.
type role int

const (
	schemaRole role = iota // a schema, or an array of schemas
	namesRole              // properties and the like: keys are names, values schemas
	dataRole               // default, example, enum: JSON values, not schemas
)

// childRole is the role of the value under key in a value of role r.
func childRole(r role, key string) role {
	switch {
	case r == dataRole:
		return dataRole
	case r == namesRole:
		return schemaRole
	}
	switch key {
	case "default", "example", "enum":
		return dataRole
	case "properties", "patternProperties", "definitions", "dependencies":
		return namesRole
	}
	return schemaRole
}

// taker removes the extensions of one schema and records them under key.
type taker struct {
	key   string
	found extensions
}

func (t *taker) value(v any, r role, pointer string) error {
	if r == dataRole {
		return nil
	}
	switch v := v.(type) {
	case map[string]any:
		return t.object(v, r, pointer)
	case []any:
		for i, item := range v {
			if err := t.value(item, r, pointer+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// object takes the extensions of obj, if it is a schema, and of everything
// below it. Keys are visited sorted, so that errors are deterministic.
func (t *taker) object(obj map[string]any, r role, pointer string) error {
	if r == schemaRole {
		if err := t.takeKeywords(obj, pointer); err != nil {
			return err
		}
	}
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		if err := t.value(obj[key], childRole(r, key), pointer+"/"+escapeToken(key)); err != nil {
			return err
		}
	}
	return nil
}

func (t *taker) takeKeywords(schemaObject map[string]any, pointer string) error {
	for _, keyword := range []string{keyMutabilityKeyword, mutabilityKeyword} {
		value, ok := schemaObject[keyword]
		if !ok {
			continue
		}
		if err := checkValue(value); err != nil {
			return fmt.Errorf("%s: %s %w (kval lint reports it)", where(t.key, pointer), keyword, err)
		}
		t.found.add(t.key, pointer, keyword, value)
		delete(schemaObject, keyword)
	}
	return nil
}

// takeAll removes the extensions of every schema of crd and returns them.
func takeAll(crd map[string]any) (extensions, error) {
	found := extensions{}
	roots := schemaRoots(crd)
	for _, root := range roots {
		own := extensions{}
		t := taker{key: root.key, found: own}
		if err := t.value(root.schema, schemaRole, ""); err != nil {
			return nil, err
		}
		if own.count() == 0 {
			continue
		}
		if err := checkUnique(roots, root); err != nil {
			return nil, err
		}
		found[root.key] = own[root.key]
	}
	return found, nil
}

// restoreAll puts found back into the schemas of crd.
func restoreAll(crd map[string]any, found extensions) error {
	roots := schemaRoots(crd)
	for _, key := range slices.Sorted(maps.Keys(found)) {
		root, err := rootOf(roots, key)
		if err != nil {
			return err
		}
		for _, pointer := range slices.Sorted(maps.Keys(found[key])) {
			if err := restore(root.schema, key, pointer, found[key][pointer]); err != nil {
				return err
			}
		}
	}
	return nil
}

// restore sets keywords on the schema object at pointer. A keyword already
// there with the same value is fine (Unpack of a CRD a tool already
// unpacked partly); with another value, one of the two would be lost.
func restore(root map[string]any, key, pointer string, keywords map[string]any) error {
	target, err := resolve(root, pointer)
	if err != nil {
		return fmt.Errorf("%s: %w", where(key, pointer), err)
	}
	for _, keyword := range slices.Sorted(maps.Keys(keywords)) {
		value := keywords[keyword]
		if existing, ok := target[keyword]; ok && !jsonvalue.Equal(existing, value) {
			return fmt.Errorf("%s: %s is %s in the schema and %s in the annotation",
				where(key, pointer), keyword, show(existing), show(value))
		}
		target[keyword] = value
	}
	return nil
}

// show renders a value of the schema for messages.
func show(v any) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	return jsonvalue.TypeName(v)
}
