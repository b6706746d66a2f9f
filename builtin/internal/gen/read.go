package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// document is what gen reads of one published OpenAPI v3 document: the
// document of one group-version, e.g. apis__apps__v1_openapi.json.
type document struct {
	file    string
	group   string
	version string
	// Paths maps each path to its entries: operations by method, and
	// parameters (not read).
	Paths map[string]map[string]json.RawMessage `json:"paths"`
	// Components.Schemas are the definitions, by name.
	Components struct {
		Schemas map[string]map[string]any `json:"schemas"`
	} `json:"components"`
}

// operation is what gen reads of one operation of a path: the kind it
// serves.
type operation struct {
	GVK *gvk `json:"x-kubernetes-group-version-kind"`
}

type gvk struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

// readDocuments reads the documents of every group-version in dir; the
// documents of a group or of the roots (api_openapi.json, which list
// versions) hold no kinds and are left out.
func readDocuments(dir string) ([]*document, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_openapi.json"))
	if err != nil {
		return nil, err
	}
	var docs []*document
	for _, file := range files {
		group, version, ok := groupVersionOf(filepath.Base(file))
		if !ok {
			continue
		}
		doc, err := readDocument(file)
		if err != nil {
			return nil, err
		}
		doc.group, doc.version = group, version
		docs = append(docs, doc)
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("no OpenAPI v3 document of a group-version in %s", dir)
	}
	return docs, nil
}

// groupVersionOf reads the group-version of a document from its name:
// api__v1_openapi.json is the core group's v1, apis__apps__v1_openapi.json
// is apps/v1.
func groupVersionOf(name string) (group, version string, ok bool) {
	parts := strings.Split(strings.TrimSuffix(name, "_openapi.json"), "__")
	switch {
	case len(parts) == 2 && parts[0] == "api":
		return "", parts[1], true
	case len(parts) == 3 && parts[0] == "apis":
		return parts[1], parts[2], true
	}
	return "", "", false
}

func readDocument(file string) (*document, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	doc := &document{file: file}
	if err := json.Unmarshal(data, doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return doc, nil
}
