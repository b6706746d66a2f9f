// Package rules uses every +k8s: tag that becomes a rule, so the test
// can check that kube-apiserver accepts the rules (they compile and fit
// the cost budget).
//
// +groupName=rules.example.com
package rules

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec `json:"spec"`
}

type GadgetSpec struct {
	// +k8s:immutable
	Name string `json:"name"`
	// +k8s:update=NoSet
	// +k8s:update=NoUnset
	// +k8s:update=NoModify
	Owner string `json:"owner,omitempty"`
	// +k8s:forbidden
	Legacy string `json:"legacy,omitempty"`
	// +k8s:monotonic
	// +k8s:neq=0
	Generation int64 `json:"generation,omitempty"`
	// +k8s:exclusiveMinimum=0
	// +k8s:exclusiveMaximum=100
	Percent int32 `json:"percent,omitempty"`
	// +k8s:neq="none"
	// +k8s:maxLength=16
	// +k8s:maxBytes=64
	// +k8s:format=k8s-short-name
	Mode string `json:"mode,omitempty"`
	// +k8s:dependentRequired(mode)
	// +k8s:dependentForbidden(legacy)
	// +k8s:unionMember
	A *string `json:"a,omitempty"`
	// +k8s:unionMember
	B *string `json:"b,omitempty"`
	// +k8s:zeroOrOneOfMember
	C *string `json:"c,omitempty"`
	// +k8s:zeroOrOneOfMember
	D *string `json:"d,omitempty"`
	// +k8s:maxItems=8
	// +k8s:eachVal=+k8s:maxLength=10
	// +k8s:beta=+k8s:minItems=1
	// +k8s:alpha=+k8s:maxItems=2
	Tags []string `json:"tags,omitempty"`
	// The item constraints are written before the list type on purpose:
	// they are applied after it.
	// +k8s:update=NoAddItem
	// +k8s:listType=set
	// +k8s:maxItems=8
	Zones []string `json:"zones,omitempty"`
	// +k8s:update=NoRemoveItem
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:maxItems=8
	Ports []Port `json:"ports,omitempty"`
	// +k8s:update=NoAddItem
	// +k8s:maxProperties=8
	Quotas map[string]int32 `json:"quotas,omitempty"`
}

type Port struct {
	// +k8s:maxLength=8
	Name string `json:"name"`
	Port int32  `json:"port,omitempty"`
}
