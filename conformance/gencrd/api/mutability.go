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
