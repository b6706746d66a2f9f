// Package kvaltestmanager runs controller-runtime Managers on
// kvaltest.Server: a controller with a cache and a field index reconciles
// the example Database, and the README's Manager example is its
// TestManagerOnKvaltest. TestKvaltestServerAgainstEnvtest runs the same
// Manager on envtest too (e2e/cluster's kube-apiserver, etcd from PATH) for
// the README's figures. It lives in the e2e module so that
// controller-runtime's manager, which imports k8s.io/apiextensions-apiserver,
// stays out of the main module's dependencies.
package kvaltestmanager
