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
