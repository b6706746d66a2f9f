// Package unions shows unions of struct fields, with and without a
// discriminator, zero-or-one-of unions, and unions of list items.
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package unions
