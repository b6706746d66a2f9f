// Package gatewaycel runs Gateway API's own CEL validation suite against
// kvaltest instead of envtest or a cluster, from a copy of the suite given
// at run time. The suite is Gateway API's code, so this repository does not
// hold it: point KVAL_GATEWAY_CEL_SUITE at the tests/cel directory of a
// checkout of github.com/kubernetes-sigs/gateway-api whose release matches
// the sigs.k8s.io/gateway-api module in go.mod (v1.6.3; its tests/cel is a
// module of its own that the module proxy does not serve):
//
//	git clone --depth 1 -b release-1.6 https://github.com/kubernetes-sigs/gateway-api /tmp/gateway-api
//	KVAL_GATEWAY_CEL_SUITE=/tmp/gateway-api/tests/cel go test ./conformance/gatewaycel/
//
// TestGatewayCELSuite lays the suite's *_test.go files over ./suite with
// `go test -overlay` and runs them once per channel (standard and
// experimental, which are also the suite's build tags), with the CRDs of
// that channel from the module's config/crd. The suite's main_test.go,
// which starts envtest, is left out: suite/kvaltest_main_test.go (build
// tag gatewaycelsuite, so that nothing compiles it otherwise) builds a
// kvaltest client in its place and gives the two names the suite's tests
// use, k8sClient and celErrorStringMatches.
//
// Without KVAL_GATEWAY_CEL_SUITE the test is skipped: a skip is not a
// pass, and CI (which has no copy of the suite) proves nothing about
// Gateway API's cases. What CI proves instead is e2e's
// TestKvaltestAgreesWithKubeAPIServer: kvaltest against a real
// kube-apiserver, on the Gateway API CRDs among others.
package gatewaycel
