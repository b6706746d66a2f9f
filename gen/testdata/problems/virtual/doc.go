// Package virtual has KEP-5073's virtual-field example as the KEP writes
// it: +k8s:memberOf and +k8s:union are refused with their reason and the
// tags to write instead (see gen/testdata/golden/virtualfields).
//
// +k8s:validation-gen=*
// +k8s:validation-gen-scheme-registry=nil
package virtual
