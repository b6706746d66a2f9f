// Package gatewaycel runs Gateway API's own CEL validation suite against
// kvaltest instead of envtest or a cluster: the tests/cel files of
// github.com/kubernetes-sigs/gateway-api at ce8030bbb (the head of
// release-1.6, whose CRDs are v1.6.3's), with the CRDs and Go types of the
// sigs.k8s.io/gateway-api v1.6.3 module. v1.7.0 (testdata/corpus) is not
// used: its tests/cel is a module of its own that is not published to the
// module proxy, and no copy of it was available. The test files in cel/ are
// upstream's, unmodified, except upstream's main_test.go, split in three:
// main_test.go, whose TestMain builds a kvaltest client;
// main_envtest_test.go (build tag envtest), upstream's envtest TestMain
// with locally built binaries; and setup_test.go, what both share.
// channel_*_test.go pick the CRD channel from the build tag, as upstream's
// Makefile pairs -tags with CRD_CHANNEL (no tag is the standard channel,
// which the README's test command runs):
//
//	go test ./cel
//	go test -tags experimental ./cel
//
// # envtest, for comparison
//
// With -tags envtest (alone or with experimental) the same cases run on
// controller-runtime v0.25.2's envtest, which cannot download its binaries
// here: kube-apiserver v1.36.3 is e2e/kubeapiserver's, built and cached by
// e2e/cluster.KubeAPIServer (minutes when cold), and etcd is the one in
// PATH (Debian's etcd-server 3.4). envtest needs no kubectl to start its
// control plane. KUBEBUILDER_ASSETS, if set, overrides both.
//
//	go test -tags envtest ./cel
//	go run ./cmd/compare -n 5   # both backends, both channels, side by side
//
// cmd/compare runs each configuration as its own `go test -count=1 -json`
// process, interleaved, after a warm-up round that builds everything, and
// fails unless every run passes every case and both backends run the same
// cases. Medians of 5 runs, on 2 cores shared with three other engineers'
// builds and tests (load average 11 falling to 3 during the runs, so the
// absolute figures are noisy; envtest was the slower in every round):
//
//	channel       backend   cases  wall    test binary  tests only
//	standard      kvaltest  158     2.9 s  0.43 s       0.14 s
//	standard      envtest   158    11.1 s  8.9 s        2.6 s
//	experimental  kvaltest  258     3.0 s  0.60 s       0.20 s
//	experimental  envtest   258    12.3 s  10.0 s       3.1 s
//
// An earlier session under heavier load (4 to 9) gave walls of 6.0 s,
// 16.3 s, 6.1 s and 17.9 s in the same order. "test binary" is the test
// process (TestMain included: kvaltest compiling the CRDs, or envtest
// starting etcd and kube-apiserver, installing the CRDs and removing them);
// "tests only" adds up the top-level tests, which run one after another.
// The rest of the wall time is the go command (checking that the cached
// test binary is current, and crdDir's go list).
//
// envtest is not in .ci/run: running it checks upstream's expectations
// against upstream's server, not kval, and would add about 30 s; CI vets
// the envtest build so that it keeps compiling.
//
// The module is in go.work; it raises github.com/google/gnostic-models
// from v0.7.0 to v0.7.1 for the workspace, which changes nothing kval's
// differential suites see. It requires the e2e module (for e2e/cluster)
// through a replace directive.
package gatewaycel
