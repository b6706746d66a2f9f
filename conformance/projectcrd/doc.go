// Package projectcrd proves `kval gen crd` against controller-gen on two
// operator projects' APIs, which embed k8s.io/api types and use most of
// controller-gen's markers: the CRDs kval generates from the Go types
// must be the ones each project ships, descriptions aside (package
// compare of conformance/gatewaycrd compares them).
//
//   - Cluster API v1.14.2's api module (sigs.k8s.io/cluster-api/api: core,
//     addons, ipam and runtime, the packages its Makefile generates
//     core/config/crd/bases from, with crd:crdVersions=v1). The module zip
//     holds no CRDs: testdata/cluster-api holds the 13 files of
//     core/config/crd/bases, with Cluster API's license, from the
//     release-1.14 branch at ba9e23ad247aac251eacb7bf2a11bd5d2ef64fcc, whose
//     api/ tree is the v1.14.2 module's, file for file (controller-gen
//     v0.21.0 wrote them).
//   - Kueue v0.17.0's apis/kueue (sigs.k8s.io/kueue, generated with
//     crd:generateEmbeddedObjectMeta=true by controller-gen v0.20.1): the
//     module ships its CRDs, config/components/crd/bases, read from the
//     module cache.
//
// The controller-gen.kubebuilder.io/version annotation names the tool that
// wrote a file, not the API, and is left out. Every other difference is
// listed in differences_test.go with its reason, and a listed difference
// that no longer differs fails the test too.
//
// It is a module of its own: the projects' modules (and Kueue's
// dependencies) stay out of the workspace's build list. .ci/run runs it
// with GOWORK=off.
package projectcrd
