package kubeapis

import (
	"regexp"
	"slices"
	"strings"
)

// Differences allowed between upstream's committed functions and kval's.
//
// Map order: a rule over the entries of a map (+k8s:eachKey, +k8s:eachVal
// on a map, a map of structs) reports its errors in the order upstream's
// generated code ranges over the map, which is Go's random map order: the
// same object can give its errors in another order from one call to the
// next. kval visits map entries in sorted key order, so its errors are
// deterministic. The comparison ignores the order of errors only where the
// errors that differ in position are about map entries: a path through a
// map key (".../map[key]...") or several errors at one path (each bad key
// of a map, reported at the map's path); anywhere else order is compared.
const mapOrder = "order of errors over map entries (upstream: Go's map order; kval: sorted keys)"

// listIndex matches a list index subscript; a "[" left once they are gone
// opens a map key (which may hold any character, "]" included).
var listIndex = regexp.MustCompile(`\[[0-9]+\]`)

func hasMapKey(path string) bool {
	return strings.Contains(listIndex.ReplaceAllString(path, ""), "[")
}

// sameButMapOrder reports whether two error lists hold the same errors and
// differ only in the order of errors about map entries: errors under a map
// key, or several errors at one path (a rule over a map's keys reports
// each bad key at the map's path).
func sameButMapOrder(up, kv []caseError) bool {
	if len(up) != len(kv) {
		return false
	}
	paths := map[string]int{}
	for _, e := range up {
		paths[e.path]++
	}
	for i := range up {
		if up[i] != kv[i] && (!aboutMapEntries(up[i], paths) || !aboutMapEntries(kv[i], paths)) {
			return false
		}
	}
	a, b := slices.Clone(up), slices.Clone(kv)
	slices.SortFunc(a, compareErrors)
	slices.SortFunc(b, compareErrors)
	return slices.Equal(a, b)
}

func aboutMapEntries(e caseError, paths map[string]int) bool {
	return hasMapKey(e.path) || paths[e.path] > 1
}
