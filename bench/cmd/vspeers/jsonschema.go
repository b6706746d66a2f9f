package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// builtinSchemaDir is where kubeconform finds the built-in kinds' schemas,
// beside the CRDs' (see kubeconformArgs).
const builtinSchemaDir = "builtin"

// writeBuiltinSchemas writes a JSON schema (draft 4, kubeconform's default)
// for each built-in kind of the release, named as kubeconform's own
// registry names them ({{.ResourceKind}}{{.KindSuffix}}.json, e.g.
// deployment-apps-v1.json). Each is the kind's component of its OpenAPI v3
// document with the components it references beside it as definitions:
// the published documents already say IntOrString and Quantity with oneOf,
// so only the references need rewriting. Unknown fields stay allowed, as
// kval's default (--field-validation Warn) allows them.
func (s *setup) writeBuiltinSchemas() error {
	docs, err := specDocs()
	if err != nil {
		return err
	}
	dir := filepath.Join(s.schemas, builtinSchemaDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, d := range docs {
		if err := writeDocSchemas(d, dir); err != nil {
			return fmt.Errorf("%s: %w", d.path, err)
		}
	}
	return nil
}

func writeDocSchemas(d specDoc, dir string) error {
	data, err := os.ReadFile(d.path)
	if err != nil {
		return err
	}
	// References are rewritten in the text, once, before decoding.
	data = []byte(strings.ReplaceAll(string(data), `"#/components/schemas/`, `"#/definitions/`))
	var doc struct {
		Components struct {
			Schemas map[string]map[string]any
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return err
	}
	all := doc.Components.Schemas
	for name, schema := range all {
		kind := ownKind(schema, d)
		if kind == "" {
			continue
		}
		out := map[string]any{"definitions": reachable(name, all)}
		for k, v := range schema {
			out[k] = v
		}
		file := filepath.Join(dir, strings.ToLower(kind)+kindSuffix(d)+".json")
		if err := writeJSON(file, out); err != nil {
			return err
		}
	}
	return nil
}

// ownKind is the kind a component is the schema of in its document's
// group-version ("" for the others: shared types, or DeleteOptions and
// WatchEvent, which name every group-version).
func ownKind(schema map[string]any, d specDoc) string {
	gvks, _ := schema["x-kubernetes-group-version-kind"].([]any)
	if len(gvks) != 1 {
		return ""
	}
	gvk, _ := gvks[0].(map[string]any)
	if gvk["group"] != d.group || gvk["version"] != d.version {
		return ""
	}
	kind, _ := gvk["kind"].(string)
	return kind
}

// kindSuffix is kubeconform's {{.KindSuffix}}: the group's first label and
// the version, or the version alone for the core group.
func kindSuffix(d specDoc) string {
	if d.group == "" {
		return "-" + d.version
	}
	return "-" + strings.Split(d.group, ".")[0] + "-" + d.version
}

// reachable returns the components that the named one references,
// directly or not (itself included, which a recursive type may need).
func reachable(name string, all map[string]map[string]any) map[string]any {
	out := map[string]any{}
	var visit func(string)
	visit = func(n string) {
		if _, seen := out[n]; seen || all[n] == nil {
			return
		}
		out[n] = all[n]
		for _, ref := range refs(all[n], nil) {
			visit(strings.TrimPrefix(ref, "#/definitions/"))
		}
	}
	visit(name)
	return out
}

func refs(v any, acc []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" {
				acc = append(acc, s)
			} else {
				acc = refs(x, acc)
			}
		}
	case []any:
		for _, x := range v {
			acc = refs(x, acc)
		}
	}
	return acc
}

func writeJSON(file string, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(file, data, 0o644)
}
