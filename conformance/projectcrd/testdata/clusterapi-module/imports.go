// Package imports keeps, in this module's go.mod and go.sum, Cluster API's
// api module at v1.14.2 with the dependencies of its own go.mod
// (k8s.io/api v0.36.3, as Cluster API's release branch builds with), so
// that package projectcrd generates from the same types controller-gen
// read.
package imports

import (
	_ "sigs.k8s.io/cluster-api/api/addons/v1beta1"
	_ "sigs.k8s.io/cluster-api/api/addons/v1beta2"
	_ "sigs.k8s.io/cluster-api/api/core/v1beta1"
	_ "sigs.k8s.io/cluster-api/api/core/v1beta2"
	_ "sigs.k8s.io/cluster-api/api/ipam/v1alpha1"
	_ "sigs.k8s.io/cluster-api/api/ipam/v1beta1"
	_ "sigs.k8s.io/cluster-api/api/ipam/v1beta2"
	_ "sigs.k8s.io/cluster-api/api/runtime/v1alpha1"
	_ "sigs.k8s.io/cluster-api/api/runtime/v1beta2"
)
