package listtypes

import (
	"slices"

	"github.com/kval-dev/kval/schema"
)

// node is a schema node on the way to a set or map list.
type node struct {
	props      []property // sorted by name
	additional *node      // additionalProperties' schema
	items      *node

	listType  string // schema.ListTypeSet, schema.ListTypeMap or ""
	mapKeys   []string
	oneMapKey bool
}

type property struct {
	name string
	node *node
}

// Validator checks the list types of one schema. It is immutable and safe
// for concurrent use.
type Validator struct {
	root *node
}

// Compile prepares the list-type checks of a custom resource schema.
func Compile(s *schema.Schema) *Validator {
	return &Validator{root: compileNode(s, map[*schema.Schema]*node{})}
}

// compileNode returns nil for a schema under which no list type can fail.
func compileNode(s *schema.Schema, done map[*schema.Schema]*node) *node {
	if s == nil {
		return nil
	}
	if n, ok := done[s]; ok {
		return n
	}
	done[s] = nil // a schema is a tree; this only guards against reuse
	n := &node{}
	if s.IsSetList() || s.IsMapList() {
		n.listType = *s.ListType
		n.mapKeys = s.ListMapKeys
		n.oneMapKey = len(s.ListMapKeys) == 1
	}
	n.items = compileNode(s.Items, done)
	n.additional = compileNode(s.AdditionalPropertiesSchema(), done)
	for name, ps := range s.Properties {
		if pn := compileNode(ps, done); pn != nil {
			n.props = append(n.props, property{name: name, node: pn})
		}
	}
	slices.SortFunc(n.props, func(a, b property) int {
		if a.name < b.name {
			return -1
		}
		if a.name > b.name {
			return 1
		}
		return 0
	})
	if n.listType == "" && n.items == nil && n.additional == nil && len(n.props) == 0 {
		return nil
	}
	done[s] = n
	return n
}
