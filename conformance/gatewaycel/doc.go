// Package gatewaycel runs Gateway API's own CEL validation suite against
// kvaltest instead of envtest or a cluster: the tests/cel files of
// github.com/kubernetes-sigs/gateway-api at ce8030bbb (the head of
// release-1.6, whose CRDs are v1.6.3's), with the CRDs and Go types of the
// sigs.k8s.io/gateway-api v1.6.3 module. v1.7.0 (testdata/corpus) is not
// used: its tests/cel is a module of its own that is not published to the
// module proxy, and no copy of it was available. The test files in cel/ are
// upstream's, unmodified, except main_test.go, whose TestMain builds a
// kvaltest client; channel_*_test.go pick the CRD channel from the build
// tag, as upstream's Makefile pairs -tags with CRD_CHANNEL (no tag is the
// standard channel, which the README's test command runs):
//
//	go test ./cel
//	go test -tags experimental ./cel
//
// The module is in go.work; it raises github.com/google/gnostic-models
// from v0.7.0 to v0.7.1 for the workspace, which changes nothing kval's
// differential suites see.
package gatewaycel
