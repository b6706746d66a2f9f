package api

// Mutability covers seed 000's markers. kval gen has no Go form of them,
// so each field also carries the +k8s: tags with the same meaning
// (KEP-5073 defines +k8s:immutable as NoSet, NoModify and NoClear): the Go
// code enforces the tags, the engine both the tags' rules and the
// extensions, and any update one accepts and the other rejects is a
// difference between seed 000's markers and their +k8s: twins.
type Mutability struct {
	// +k8s:optional
	// +immutable
	// +k8s:immutable
	Engine *string `json:"engine,omitempty"`
	// +k8s:optional
	// +immutable=AddOnly
	// +k8s:update=NoModify
	// +k8s:update=NoUnset
	Zone *string `json:"zone,omitempty"`
	// +k8s:optional
	// +immutable=RemoveOnly
	// +k8s:update=NoSet
	// +k8s:update=NoModify
	Seal *string `json:"seal,omitempty"`
}

// MutableCollections covers seed 000's +immutable on lists and maps; the
// twin is +k8s:immutable (KEP-5073: NoSet, NoAddItem, NoRemoveItem and
// every item immutable). The list is atomic: the Go code compares a list
// in order, where CEL's equality of a set ignores the order.
type MutableCollections struct {
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:maxItems=4
	// +immutable
	// +k8s:immutable
	Pinned []string `json:"pinned,omitempty"`
	// +k8s:optional
	// +k8s:maxProperties=4
	// +immutable
	// +k8s:immutable
	Selector map[string]string `json:"selector,omitempty"`

	// The keys of a set, a list-map and a map, with the twins of each
	// value: Immutable is NoAddItem and NoRemoveItem, AddOnly
	// NoRemoveItem, RemoveOnly NoAddItem; the values may change.

	// +k8s:optional
	// +k8s:listType=set
	// +k8s:maxItems=4
	// +immutable-keys
	// +k8s:update=NoAddItem
	// +k8s:update=NoRemoveItem
	Regions []string `json:"regions,omitempty"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=4
	// +immutable-keys=AddOnly
	// +k8s:update=NoRemoveItem
	Members []Member `json:"members,omitempty"`
	// +k8s:optional
	// +k8s:maxProperties=4
	// +immutable-keys=RemoveOnly
	// +k8s:update=NoAddItem
	Quotas map[string]int32 `json:"quotas,omitempty"`
}

// Member is a list-map item whose role may change while its key stays.
type Member struct {
	// +k8s:required
	// +k8s:maxLength=10
	Name *string `json:"name,omitempty"`
	// +k8s:optional
	// +k8s:maxLength=10
	Role *string `json:"role,omitempty"`
}
