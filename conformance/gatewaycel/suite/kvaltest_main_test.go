//go:build gatewaycelsuite

package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/gateway-api/apis/v1alpha2"
	"sigs.k8s.io/gateway-api/apis/v1alpha3"
	"sigs.k8s.io/gateway-api/apis/v1beta1"
	"sigs.k8s.io/gateway-api/apisx/v1alpha1"

	"github.com/kval-dev/kval/kvaltest"
)

// k8sClient is the client the suite's tests write through: kvaltest's,
// holding the CRDs of the directory in KVAL_GATEWAY_CRDS.
var k8sClient client.Client

// TestMain stands in for the suite's own main_test.go, which starts
// envtest or reads a kubeconfig (the runner leaves that file out).
func TestMain(m *testing.M) {
	dir := os.Getenv("KVAL_GATEWAY_CRDS")
	if dir == "" {
		fmt.Fprintln(os.Stderr, "KVAL_GATEWAY_CRDS is unset: run this package through TestGatewayCELSuite (package gatewaycel)")
		os.Exit(2)
	}
	c, err := kvaltest.New(kvaltest.CRDs(dir), gatewayScheme())
	if err != nil {
		fmt.Fprintf(os.Stderr, "kvaltest with the CRDs of %s: %v\n", dir, err)
		os.Exit(1)
	}
	k8sClient = c
	code := m.Run()
	c.Close()
	os.Exit(code)
}

// gatewayScheme registers the Go types the suite's tests create.
func gatewayScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		corev1.AddToScheme, gatewayv1.Install, v1beta1.Install, v1alpha2.Install, v1alpha3.Install, v1alpha1.Install,
	} {
		if err := add(s); err != nil {
			panic(err) // registering compiled-in types cannot fail
		}
	}
	return s
}

// celErrorStringMatches is the suite's test of an error's text: it holds
// want, where want may say "more" for Kubernetes' older "longer" (the
// wording of CEL's size messages changed in v1.32).
func celErrorStringMatches(got, want string) bool {
	return strings.Contains(got, want) || strings.Contains(got, strings.ReplaceAll(want, "more", "longer"))
}
