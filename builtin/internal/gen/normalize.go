package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// kept are the keywords of a published schema that validation needs; they
// are written as kval's schema package reads them.
var kept = map[string]bool{
	"type": true, "format": true, "default": true, "nullable": true,
	"properties": true, "items": true, "additionalProperties": true,
	"enum": true, "maximum": true, "exclusiveMaximum": true, "minimum": true, "exclusiveMinimum": true,
	"multipleOf": true, "maxLength": true, "minLength": true, "pattern": true,
	"maxItems": true, "minItems": true, "uniqueItems": true, "maxProperties": true, "minProperties": true,
	"required": true, "allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"x-kubernetes-preserve-unknown-fields": true, "x-kubernetes-embedded-resource": true,
	"x-kubernetes-int-or-string": true, "x-kubernetes-list-type": true, "x-kubernetes-list-map-keys": true,
	"x-kubernetes-map-type": true, "x-kubernetes-validations": true,
}

// dropped are the keywords that say nothing about which values are valid:
// documentation, strategic merge patch, the kinds a definition serves
// (listed separately), and unions (whose rules only Go code checks).
var dropped = map[string]bool{
	"description": true, "title": true, "example": true, "externalDocs": true,
	"x-kubernetes-patch-strategy": true, "x-kubernetes-patch-merge-key": true,
	"x-kubernetes-group-version-kind": true, "x-kubernetes-unions": true,
}

// refPrefix starts every reference of a published v3 document.
const refPrefix = "#/components/schemas/"

// normalize rewrites one node of a published schema: only the keywords of
// kept, and a reference wrapped in a lone allOf (how OpenAPI v3 gives a
// reference siblings such as default) becomes "$ref" beside its siblings,
// holding the definition's name. Any other keyword is an error, so that a
// keyword a newer Kubernetes publishes is looked at, not lost.
func normalize(node map[string]any, at string) (map[string]any, error) {
	out := map[string]any{}
	for _, key := range slices.Sorted(maps.Keys(node)) {
		value := node[key]
		switch {
		case dropped[key]:
		case key == "$ref":
			ref, _ := value.(string)
			name, ok := strings.CutPrefix(ref, refPrefix)
			if !ok {
				return nil, fmt.Errorf("%s: reference %q is not to %s", at, ref, refPrefix)
			}
			out["$ref"] = name
		case key == "allOf" && isLoneRef(value):
			ref, err := normalize(value.([]any)[0].(map[string]any), at+".allOf[0]")
			if err != nil {
				return nil, err
			}
			out["$ref"] = ref["$ref"]
		case kept[key]:
			nested, err := normalizeValue(key, value, at+"."+key)
			if err != nil {
				return nil, err
			}
			out[key] = nested
		default:
			return nil, fmt.Errorf("%s: keyword %s is not known to the generator", at, key)
		}
	}
	return out, nil
}

// isLoneRef reports whether an allOf holds one reference and nothing else.
func isLoneRef(value any) bool {
	list, ok := value.([]any)
	if !ok || len(list) != 1 {
		return false
	}
	entry, ok := list[0].(map[string]any)
	_, hasRef := entry["$ref"]
	return ok && hasRef && len(entry) == 1
}

// normalizeValue normalizes the schemas a keyword holds.
func normalizeValue(key string, value any, at string) (any, error) {
	switch key {
	case "properties":
		props, ok := value.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: not an object", at)
		}
		out := map[string]any{}
		for name, p := range props {
			n, err := normalizeSchema(p, at+"."+name)
			if err != nil {
				return nil, err
			}
			out[name] = n
		}
		return out, nil
	case "items", "not":
		return normalizeSchema(value, at)
	case "additionalProperties":
		if b, ok := value.(bool); ok {
			return b, nil
		}
		return normalizeSchema(value, at)
	case "allOf", "anyOf", "oneOf":
		list, ok := value.([]any)
		if !ok {
			return nil, fmt.Errorf("%s: not an array", at)
		}
		out := make([]any, len(list))
		for i, entry := range list {
			n, err := normalizeSchema(entry, fmt.Sprintf("%s[%d]", at, i))
			if err != nil {
				return nil, err
			}
			out[i] = n
		}
		return out, nil
	}
	return value, nil
}

func normalizeSchema(value any, at string) (map[string]any, error) {
	node, ok := value.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: a schema that is not an object", at)
	}
	return normalize(node, at)
}
