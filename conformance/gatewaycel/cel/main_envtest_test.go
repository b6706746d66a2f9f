//go:build envtest

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

// This file is Gateway API's tests/cel/main_test.go run as upstream runs
// it, on envtest, but with binaries built here instead of downloaded
// (DownloadBinaryAssets), so that kvaltest's timing can be compared with
// envtest's offline: kube-apiserver v1.36.3 from e2e/kubeapiserver, cached
// as the e2e tests cache it, and etcd from PATH (Debian's etcd-server).
// envtest does not start kubectl; it only records its path. Setting
// KUBEBUILDER_ASSETS (setup-envtest's binaries) uses those instead.

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"

	"github.com/kval-dev/kval/e2e/cluster"
)

func TestMain(m *testing.M) {
	scheme := newScheme()
	crds, err := crdDir()
	if err != nil {
		panic(err)
	}
	testEnv := &envtest.Environment{
		Scheme:                scheme,
		ErrorIfCRDPathMissing: true,
		CRDInstallOptions: envtest.CRDInstallOptions{
			Paths:           []string{crds},
			CleanUpAfterUse: true,
		},
	}
	if _, ok := os.LookupEnv("KUBEBUILDER_ASSETS"); !ok {
		if err := localBinaries(testEnv); err != nil {
			panic(err)
		}
	}
	restConfig, err := testEnv.Start()
	if err != nil {
		panic(fmt.Sprintf("Error initializing test environment: %v", err))
	}
	k8sClient, err = client.New(restConfig, client.Options{Scheme: scheme})
	if err != nil {
		panic(fmt.Sprintf("Error initializing Kubernetes client: %v", err))
	}
	rc := m.Run()
	if err := testEnv.Stop(); err != nil {
		panic(fmt.Sprintf("error stopping test environment: %v", err))
	}
	os.Exit(rc)
}

// localBinaries points env at the e2e module's kube-apiserver, building it
// if it is not cached, and at the etcd in PATH.
func localBinaries(env *envtest.Environment) error {
	ctx, cancel := context.WithTimeout(context.Background(), cluster.StartTimeout)
	defer cancel()
	apiserver, err := cluster.KubeAPIServer(ctx)
	if err != nil {
		return err
	}
	etcd, err := exec.LookPath("etcd")
	if err != nil {
		return fmt.Errorf("envtest needs etcd (Debian/Ubuntu: apt-get install -y etcd-server) or KUBEBUILDER_ASSETS: %w", err)
	}
	if runtime.GOARCH != "amd64" {
		// etcd 3.4 refuses other architectures without it; envtest's etcd
		// inherits this process's environment.
		os.Setenv("ETCD_UNSUPPORTED_ARCH", runtime.GOARCH)
	}
	env.ControlPlane.GetAPIServer().Path = apiserver
	env.ControlPlane.Etcd = &envtest.Etcd{Path: etcd}
	return nil
}
