// Package immutability shows KEP-5073's update constraints: comma lists,
// NoClear (upstream's NoUnset), and +k8s:immutable on every shape of the
// KEP's tables (docs/tags.md says how kval reads them).
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package immutability
