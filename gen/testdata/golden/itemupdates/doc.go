// Package itemupdates shows update rules on one list-map item and on each
// value of a list or map (KEP-5073's item-level rules).
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package itemupdates
