// Package kvaltestmanager runs controller-runtime Managers on
// kvaltest.Server: a controller with a cache and a field index reconciles
// the example Database, and the README's Manager example is its
// TestManagerOnKvaltest. It lives in the e2e module so that
// controller-runtime's manager, which imports k8s.io/apiextensions-apiserver,
// stays out of the main module's dependencies.
package kvaltestmanager
