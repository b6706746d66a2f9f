package projectcrd

import (
	"testing"

	"github.com/kval-dev/kval/conformance/gatewaycrd/compare"
	"github.com/kval-dev/kval/gen/crd"
)

// clusterAPIPackages are those Cluster API's generate-manifests-core
// target generates core/config/crd/bases from (its other paths hold no
// kinds).
var clusterAPIPackages = []string{
	"sigs.k8s.io/cluster-api/api/addons/...",
	"sigs.k8s.io/cluster-api/api/core/...",
	"sigs.k8s.io/cluster-api/api/ipam/...",
	"sigs.k8s.io/cluster-api/api/runtime/...",
}

// clusterAPIModule is the module generated in: it requires Cluster API's
// api module alone, so k8s.io/api is at the version the CRDs were made
// with.
const clusterAPIModule = "testdata/clusterapi-module"

var clusterAPICRDs = once(crd.Options{Dir: clusterAPIModule, Patterns: clusterAPIPackages})

// TestClusterAPI: kval's CRDs of Cluster API v1.14.2 are the released
// ones but for the differences listed in differences_test.go.
func TestClusterAPI(t *testing.T) {
	rel, err := readCRDs("testdata/cluster-api")
	if err != nil {
		t.Fatal(err)
	}
	compare.Check(t, "conformance/projectcrd: Cluster API v1.14.2, core/config/crd/bases (differences_test.go)",
		clusterAPICRDs(t), rel, clusterAPIDifferences)
}
