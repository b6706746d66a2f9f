package projectcrd

import (
	"strings"
	"testing"

	"github.com/gobuffalo/flect"

	"github.com/kval-dev/kval/gen/crd"
)

// pluralCases are kinds and English nouns: Kubernetes' and operators'
// kinds, every ending the pluralizer has a rule for, irregular nouns
// alone and as the last word of a kind, and words already plural.
var pluralCases = strings.Fields(`
MapAppendOnlyKeys Keys Key Gateway HTTPRoute GRPCRoute Policy BackendTLSPolicy ClusterClass Cluster
Machine MachineSet MachineDeployment MachineHealthCheck MachinePool MachineDrainRule ClusterResourceSet
ClusterResourceSetBinding IPAddress IPAddressClaim ExtensionConfig Workload WorkloadPriorityClass
LocalQueue ClusterQueue Cohort ResourceFlavor AdmissionCheck Topology MultiKueueCluster MultiKueueConfig
ProvisioningRequestConfig Ingress Status Bus Box Quiz Watch Wish Fox Buzz Waltz Day Toy Guy Soliloquy
Leaf Loaf Wolf Knife Scarf Dwarf Life Motive Bureau Criterion Datum Data Medium Media Index Indices
Matrix Analysis Diagnosis Synopsis Thesis Axis Alias IPAlias Use Reuse House Mouse Person Child Man Human
Woman Foot Tooth Goose Ox Box Die Toe Shoe Hero Potato Photo Video Radio Zoo Echo Piano Memo Cactus Focus
Octopus Corpus Genus Series Species Sheep Deer Fish News Money Equipment Information ID IDs Schema Quota
Agenda Formula Movie Cookie Hive Move Thief Stadium Aquarium Curriculum Minimum Spectrum Bacterium Museum
Helix Vertex Apex Codex Latex Vortex Appendix Crisis Oasis Ellipsis Basis Base Phenomenon Polyhedron
Nebula Vertebra Larva Alumnus Radius Syllabus Louse Cause Clause Pause Fuse Topaz Buffalo Tomato
Graffiti Aircraft Bison Moose Police Salmon Shrimp Swine Trout Tuna You Lexicon Taxon Ganglion
Chassis Blues Route53 S3Bucket KMSKey DNSRecord Foos FooS X Y Sky Array Proxy Tech Eaux Straca Ovum
`)

// TestDefaultPluralIsFlects: crd.DefaultPlural, kval's own code, gives the
// resource name controller-gen's pluralizer (flect) gives, lower-cased as
// controller-gen writes it, for every case.
func TestDefaultPluralIsFlects(t *testing.T) {
	for _, kind := range pluralCases {
		want := strings.ToLower(flect.Pluralize(kind))
		if got := crd.DefaultPlural(kind); got != want {
			t.Errorf("DefaultPlural(%q) = %q, controller-gen's %q", kind, got, want)
		}
	}
}
