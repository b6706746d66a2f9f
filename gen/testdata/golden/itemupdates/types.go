package itemupdates

// Condition is one item of a list-map keyed by type.
type Condition struct {
	Type   string `json:"type"`
	Status string `json:"status"`
}

// CSRStatus is KEP-5073's CertificateSigningRequest example: the Approved
// condition cannot be added on update, changed, or removed (clearing the
// list included); other conditions come and go.
type CSRStatus struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:item(type: "Approved")=+k8s:update=NoSet
	// +k8s:item(type: "Approved")=+k8s:update=NoModify
	// +k8s:item(type: "Approved")=+k8s:update=NoClear
	Conditions []Condition `json:"conditions"`
}

// Status shows the KEP's item-level table rows and per-value presence.
type Status struct {
	// A Denied condition must never be there; Failed, once there, stays
	// as it is (the KEP's "Immutable List/Map Item").
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:beta=+k8s:item(type: "Denied")=+k8s:forbidden
	// +k8s:item(type: "Failed")=+k8s:update=NoModify,NoRemoveItem
	Conditions []*Condition `json:"conditions"`

	// Each value keeps its presence: no key gains or loses its value, and
	// a value under a kept key may change.
	// +k8s:optional
	// +k8s:eachVal=+k8s:update=NoSet,NoClear
	Labels map[string]string `json:"labels"`

	// The KEP's example: items, identified by key, may be neither added nor
	// removed, and each keeps its value.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=type
	// +k8s:eachVal=+k8s:update=NoSet,NoClear,NoModify
	Items []Condition `json:"items"`
}
