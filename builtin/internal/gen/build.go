package main

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
)

// file is what build makes of one Kubernetes version: its kinds and the
// definitions their schemas use, normalized (see normalize) and without
// recursion (see cutCycles). References ("$ref") name definitions.
type file struct {
	// Source says where the data comes from.
	Source      string                    `json:"source"`
	Kinds       []kind                    `json:"kinds"`
	Definitions map[string]map[string]any `json:"definitions"`
}

// build turns the documents of every group-version into the file.
func build(source string, docs []*document) (*file, error) {
	f := &file{Source: source}
	defs := map[string]map[string]any{}
	for _, doc := range docs {
		kinds, err := kindsOf(doc)
		if err != nil {
			return nil, err
		}
		f.Kinds = append(f.Kinds, kinds...)
		if err := addDefinitions(defs, doc); err != nil {
			return nil, err
		}
	}
	for _, def := range defs {
		walk(def, emptyBytes)
	}
	dropUnfitDefaults(defs)
	cutCycles(defs)
	f.Definitions = reachable(defs, f.Kinds)
	sort.Slice(f.Kinds, func(i, j int) bool {
		a, b := f.Kinds[i], f.Kinds[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if a.Version != b.Version {
			return a.Version < b.Version
		}
		return a.Kind < b.Kind
	})
	return f, nil
}

// addDefinitions normalizes the definitions of a document into defs. Every
// document repeats the definitions it uses (ObjectMeta...); they must agree.
func addDefinitions(defs map[string]map[string]any, doc *document) error {
	for _, name := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		def, err := normalize(doc.Components.Schemas[name], name)
		if err != nil {
			return fmt.Errorf("%s: %w", doc.file, err)
		}
		if custom, ok := customJSON[name]; ok {
			def = maps.Clone(custom)
		}
		def = freeForm(def)
		if prev, seen := defs[name]; seen && !reflect.DeepEqual(prev, def) {
			return fmt.Errorf("%s: definition %s differs from another document's", doc.file, name)
		}
		defs[name] = def
	}
	return nil
}

// reachable keeps the definitions the kinds' schemas use.
func reachable(defs map[string]map[string]any, kinds []kind) map[string]map[string]any {
	out := map[string]map[string]any{}
	var add func(name string)
	add = func(name string) {
		if _, done := out[name]; done {
			return
		}
		out[name] = defs[name]
		for _, ref := range refsOf(defs[name]) {
			add(ref)
		}
	}
	for _, k := range kinds {
		add(k.Definition)
	}
	return out
}
