// +groupName=bad.example.com
package bad

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec `json:"spec"`
}

type WidgetSpec struct {
	// +frobnicate
	Unknown string `json:"unknown"`
	// +immutable=Sometimes
	Mutability string `json:"mutability"`
	// +k8s:customValidation
	Custom string `json:"custom"`
	// +listType=map
	NotAList string  `json:"notAList"`
	Tree     *Node   `json:"tree,omitempty"`
	Ratio    float64 `json:"ratio"`
	// +k8s:maximum(constraint: size)
	Cap int32 `json:"cap"`
	// +k8s:maxLength=3
	Skipped string `json:"-"`
	// +k8s:maxLength=3
	hidden string
	// +k8s:memberOf(group: g)
	A *string `json:"a,omitempty"`
	// +k8s:union(union: g)
	B *string `json:"b,omitempty"`
	// +k8s:update=NoAddItem
	Atomic []string `json:"atomic,omitempty"`
}

type Node struct {
	Children []Node `json:"children"`
	// +default=ref(NoSuchConstant)
	Ref string `json:"ref,omitempty"`
	// +default=ref(example.com/unimported.Value)
	Other string `json:"other,omitempty"`
}
