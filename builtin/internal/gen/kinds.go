package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/kval-dev/kval/builtin/internal/format"
)

// kind is one built-in kind as the embedded file lists it.
type kind = format.Kind

// methods are the path entries that are operations.
var methods = []string{"get", "put", "post", "delete", "patch"}

// kindsOf lists the kinds of a document's group-version that a manifest
// can hold: those served by a resource of their own (not only by a
// subresource such as pods/eviction, nor only in lists or watch events),
// with the resource's name and scope read from its paths.
func kindsOf(doc *document) ([]kind, error) {
	byKind := map[string]*kind{}
	for path, entries := range doc.Paths {
		resource, namespaced, ok := resourceOf(doc, path)
		if !ok {
			continue
		}
		for _, method := range methods {
			raw, found := entries[method]
			if !found {
				continue
			}
			var op operation
			if err := json.Unmarshal(raw, &op); err != nil {
				return nil, fmt.Errorf("%s: %s %s: %w", doc.file, method, path, err)
			}
			if op.GVK == nil || op.GVK.Group != doc.group || op.GVK.Version != doc.version {
				continue
			}
			k := byKind[op.GVK.Kind]
			if k == nil {
				k = &kind{Group: doc.group, Version: doc.version, Kind: op.GVK.Kind, Resource: resource}
				byKind[op.GVK.Kind] = k
			}
			k.Namespaced = k.Namespaced || namespaced
		}
	}
	return definitionsOfKinds(doc, byKind)
}

// resourceOf reads the resource a path serves: /api/v1/namespaces/{namespace}/pods
// and /api/v1/namespaces/{namespace}/pods/{name} serve pods, namespaced;
// /api/v1/nodes/{name} serves nodes. Watch paths and subresources
// (/pods/{name}/status) are not a resource of their own.
func resourceOf(doc *document, path string) (resource string, namespaced bool, ok bool) {
	prefix := "/apis/" + doc.group + "/" + doc.version + "/"
	if doc.group == "" {
		prefix = "/api/" + doc.version + "/"
	}
	rest, found := strings.CutPrefix(path, prefix)
	if !found {
		return "", false, false
	}
	segments := strings.Split(rest, "/")
	if len(segments) > 2 && segments[0] == "namespaces" && segments[1] == "{namespace}" {
		segments, namespaced = segments[2:], true
	}
	switch {
	case segments[0] == "watch" || segments[0] == "":
		return "", false, false
	case len(segments) == 1 || (len(segments) == 2 && segments[1] == "{name}"):
		return segments[0], namespaced, true
	}
	return "", false, false
}

// definitionsOfKinds finds the definition of each kind: the one whose
// x-kubernetes-group-version-kind names it.
func definitionsOfKinds(doc *document, byKind map[string]*kind) ([]kind, error) {
	for name, def := range doc.Components.Schemas {
		for _, g := range gvksOf(def) {
			if k := byKind[g.Kind]; k != nil && g.Group == doc.group && g.Version == doc.version {
				k.Definition = name
			}
		}
	}
	var out []kind
	for _, k := range byKind {
		if k.Definition == "" {
			return nil, fmt.Errorf("%s: no definition of kind %s", doc.file, k.Kind)
		}
		out = append(out, *k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Kind < out[j].Kind })
	return out, nil
}

// gvksOf reads a definition's x-kubernetes-group-version-kind.
func gvksOf(def map[string]any) []gvk {
	raw, err := json.Marshal(def["x-kubernetes-group-version-kind"])
	if err != nil {
		return nil
	}
	var out []gvk
	if json.Unmarshal(raw, &out) != nil {
		return nil
	}
	return out
}
