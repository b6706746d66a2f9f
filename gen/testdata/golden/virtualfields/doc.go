// Package virtualfields is KEP-5073's virtual-field example (a Job's
// terminal conditions), written with the tags kval supports:
// +k8s:listMapItem (the KEP's name for +k8s:item) selects the list-map
// items, and the group's meaning is said by its members' tag,
// +k8s:zeroOrOneOfMember (at most one) or +k8s:unionMember (exactly one),
// where the KEP's illustrative +k8s:memberOf and +k8s:union leave it open.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package virtualfields
