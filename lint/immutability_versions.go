package lint

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// extensionsAt is what a version declares at one object path ("[*]" for
// items and map values): the two extensions' values, "" when unset.
type extensionsAt struct {
	mutability, keyMutability schema.Mutability
}

func (e extensionsAt) String() string {
	var parts []string
	if e.mutability != "" {
		parts = append(parts, "x-kubernetes-mutability: "+string(e.mutability))
	}
	if e.keyMutability != "" {
		parts = append(parts, "x-kubernetes-key-mutability: "+string(e.keyMutability))
	}
	if len(parts) == 0 {
		return "neither extension"
	}
	return strings.Join(parts, ", ")
}

// versionDisagreements compares the extensions of the served versions
// (names in CRD order) at every object path they share.
func versionDisagreements(crd *schema.CRD, order []string, served map[string]*schema.Schema) []string {
	if len(order) < 2 {
		return nil
	}
	decls := map[string]map[string]extensionsAt{}
	for _, v := range order {
		decls[v] = map[string]extensionsAt{}
		collectExtensions(served[v], "", decls[v])
	}
	var out []string
	paths := sharedPaths(order, decls)
	for _, path := range paths {
		if w := disagreement(path, order, decls); w != "" {
			out = append(out, w)
		}
	}
	if len(paths) > 0 && crd.Spec.Conversion != nil && crd.Spec.Conversion.Strategy == schema.WebhookConverter {
		out = append(out, "conversion is Webhook, which kval cannot run: kval validate, kvaltest and kval lower's rules check an object "+
			"in each version with that version's mutability extensions only, at that version's paths; in a cluster, register kval's webhook "+
			"for the versions that define them only, with matchPolicy: Equivalent, so that kube-apiserver converts requests to them")
	}
	return out
}

// collectExtensions records the extensions of every node of s by object path.
func collectExtensions(s *schema.Schema, objPath string, into map[string]extensionsAt) {
	var e extensionsAt
	if s.Mutability != nil {
		e.mutability = *s.Mutability
	}
	if s.KeyMutability != nil {
		e.keyMutability = *s.KeyMutability
	}
	into[objPath] = e
	for name, child := range s.Properties {
		collectExtensions(child, joinPath(objPath, name), into)
	}
	if s.Items != nil {
		collectExtensions(s.Items, objPath+"[*]", into)
	}
	if v := s.AdditionalPropertiesSchema(); v != nil {
		collectExtensions(v, objPath+"[*]", into)
	}
}

// sharedPaths are the object paths, sorted, where some version declares an
// extension.
func sharedPaths(order []string, decls map[string]map[string]extensionsAt) []string {
	paths := map[string]bool{}
	for _, v := range order {
		for p, e := range decls[v] {
			if e != (extensionsAt{}) {
				paths[p] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(paths))
}

// disagreement is the warning about one path where the served versions
// that have it declare different extensions; "" when they agree.
func disagreement(path string, order []string, decls map[string]map[string]extensionsAt) string {
	var have []string
	var first extensionsAt
	agree := true
	for _, v := range order {
		e, ok := decls[v][path]
		if !ok {
			continue // the version has no such field: nothing to compare
		}
		if len(have) == 0 {
			first = e
		} else if e != first {
			agree = false
		}
		have = append(have, v+": "+e.String())
	}
	if agree || len(have) < 2 {
		return ""
	}
	return fmt.Sprintf("served versions disagree on the mutability extensions at %s (%s): an update through a version without them changes the field; "+
		"give every served version the same extensions, or register kval's webhook for the versions that define them only, with matchPolicy: Equivalent, so that kube-apiserver converts requests to them",
		nameOf(path), strings.Join(have, "; "))
}
