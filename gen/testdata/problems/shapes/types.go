package shapes

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Shapes struct {
	// +k8s:optional
	// +k8s:eachVal=+k8s:minProperties=1
	MapOfMaps map[string]map[string]string `json:"mapOfMaps"`
	// +k8s:optional
	// +k8s:minItems=1
	ListOfLists [][]string `json:"listOfLists"`
	// +k8s:optional
	// +k8s:maxItems=1
	PointerToList *[]string `json:"pointerToList"`

	// Nothing to validate in these: not reported.
	Untagged    map[string]map[string]string `json:"untagged"`
	UntaggedPtr *[]int                       `json:"untaggedPtr"`

	// A type from a package that is not generated must be declared opaque.
	// +k8s:optional
	Created *metav1.Time `json:"created"`
}
