// Package api is the golden tree of the round trip (package gencrd): one
// kind whose fields carry every +k8s: tag family `kval gen crd` maps and
// seed 000's mutability markers. `kval gen` turns the tags into Go
// validation (package kvalgen) and `kval gen crd` into a CRD; the test
// validates fuzzed objects with both.
//
// Every field says +k8s:required or +k8s:optional and has omitempty, so the
// CRD's required list and the Go code's checks come from the same tags
// (controller-gen would make a field without omitempty required, which the
// Go code does not check).
//
// +groupName=roundtrip.kval.dev
// +versionName=v1
package api
