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
}
