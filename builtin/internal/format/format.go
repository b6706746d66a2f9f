// Package format holds what the generator (builtin/internal/gen) writes
// and package builtin reads in the embedded data files, so that the two
// cannot drift apart.
package format

// Kind is one built-in kind as the embedded file lists it.
type Kind struct {
	Group      string `json:"group"`
	Version    string `json:"version"`
	Kind       string `json:"kind"`
	Resource   string `json:"resource"`
	Namespaced bool   `json:"namespaced"`
	// Definition names the schema of the kind among the definitions.
	Definition string `json:"definition"`
}

// Version is the embedded file of one Kubernetes minor version,
// data/kubernetes-<minor>.json.gz: its kinds, and for each definition
// their schemas use, which of its forms in data/definitions.json.gz
// (a map from definition name to its distinct forms across the embedded
// versions, most of which have one) this version has.
type Version struct {
	// Source says where the data comes from.
	Source      string         `json:"source"`
	Kinds       []Kind         `json:"kinds"`
	Definitions map[string]int `json:"definitions"`
}

// SharedFile names the embedded file of the definitions' forms.
const SharedFile = "definitions.json.gz"
