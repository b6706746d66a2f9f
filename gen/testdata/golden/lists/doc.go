// Package lists shows list semantics (+k8s:listType, +k8s:listMapKey,
// +k8s:unique, +k8s:customUnique), rules on every item (+k8s:eachVal) and
// on one item (+k8s:item), and how items are ratcheted by their identity.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package lists
