package cli

import (
	"fmt"

	"github.com/kval-dev/kval/upgrade"
)

// collapseChanges renders the changes of an upgrade one line each, in
// order, a change made at several paths once: a shared definition inlined
// in 72 places that gains "minimum: 0" is one line, "(and 71 more paths)".
// JSON and YAML keep every change.
func collapseChanges(changes []upgrade.Change) []string {
	type group struct {
		first upgrade.Change
		paths map[string]bool
	}
	var groups []*group
	byChange := map[upgrade.Change]*group{}
	for _, c := range changes {
		key := c
		key.Path = ""
		g, found := byChange[key]
		if !found {
			g = &group{first: c, paths: map[string]bool{}}
			byChange[key] = g
			groups = append(groups, g)
		}
		g.paths[c.Path] = true
	}
	lines := make([]string, len(groups))
	for i, g := range groups {
		c := g.first
		if more := len(g.paths) - 1; more > 0 {
			c.Path += fmt.Sprintf(" (and %d more paths)", more)
		}
		lines[i] = c.String()
	}
	return lines
}
