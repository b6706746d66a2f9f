//go:build !envtest

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

// This file is Gateway API's tests/cel/main_test.go with its client setup
// (envtest or KUBECONFIG) replaced by kvaltest; the scheme and
// celErrorStringMatches are upstream's, in setup_test.go. With -tags
// envtest, main_envtest_test.go's TestMain runs instead.

package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/kval-dev/kval/kvaltest"
)

func TestMain(m *testing.M) {
	crds, err := crdDir()
	if err != nil {
		panic(err)
	}
	c, err := kvaltest.New(kvaltest.CRDs(crds), newScheme())
	if err != nil {
		panic(fmt.Sprintf("Error initializing kvaltest: %v", err))
	}
	k8sClient = c
	rc := m.Run()
	c.Close()
	os.Exit(rc)
}
