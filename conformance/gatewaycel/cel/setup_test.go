/*
Copyright 2023 The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// This file holds what both TestMains need (main_test.go's kvaltest and
// main_envtest_test.go's envtest): upstream's scheme and
// celErrorStringMatches, unchanged, and the CRD directory of the channel.

package main

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	v1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/gateway-api/apis/v1alpha2"
	"sigs.k8s.io/gateway-api/apis/v1alpha3"
	"sigs.k8s.io/gateway-api/apis/v1beta1"
	apisxv1alpha1 "sigs.k8s.io/gateway-api/apisx/v1alpha1"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var k8sClient client.Client

// newScheme is upstream TestMain's scheme.
func newScheme() *runtime.Scheme {
	scheme := runtime.NewScheme()
	v1alpha3.Install(scheme)
	v1alpha2.Install(scheme)
	v1beta1.Install(scheme)
	v1.Install(scheme)
	apisxv1alpha1.Install(scheme)
	corev1.AddToScheme(scheme)
	return scheme
}

// crdDir holds the CRDs of the channel this binary was built for (build
// tag standard or experimental), from the gateway-api module the tests
// import.
func crdDir() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "sigs.k8s.io/gateway-api").Output()
	if err != nil {
		return "", fmt.Errorf("finding the sigs.k8s.io/gateway-api module: %w", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "config", "crd", crdChannel), nil
}

func celErrorStringMatches(got, want string) bool {
	// Starting in k8s v1.32, some CEL error messages changed to use "more" instead of "longer"
	alternativeWant := strings.ReplaceAll(want, "more", "longer")

	return strings.Contains(got, want) || strings.Contains(got, alternativeWant)
}
