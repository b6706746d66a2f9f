// Package kvaltestmanager runs controller-runtime Managers on
// kvaltest.Server: a controller with a cache and a field index reconciles
// the example Database, and the Manager example of docs/operators.md is its
// TestManagerOnKvaltest. TestKvaltestServerAgainstEnvtest runs the same
// Manager on envtest too (e2e/cluster's kube-apiserver, etcd from PATH) for
// docs/performance.md's figures. It lives in the e2e module so that
// controller-runtime's manager, which imports k8s.io/apiextensions-apiserver,
// stays out of the main module's dependencies.
package kvaltestmanager
