// Package unlowerable has a marker `kval gen crd --lower` cannot turn into
// a CEL rule: immutable items of an atomic list are compared by position,
// which needs the list's maxItems to bound the rule's cost.
//
// +groupName=example.kval.dev
package unlowerable

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Ledger struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// +optional
	Entries []Entry `json:"entries,omitempty"`
}

// +immutable
type Entry string
