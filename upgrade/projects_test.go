package upgrade

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// projects holds real projects' files (see its README for where each comes
// from).
const projects = "../testdata/projects"

// TestCompareScrapeConfigAllOfEnum: prometheus-operator's ScrapeConfig CRD
// from 0.80.1 to 0.93.0 moved ovhcloudSDConfigs[*].service's enum out of an
// allOf with the same values, which is no change (issue 27, item 4); the
// same upgrade dropped openstackSDConfigs[*].role's lower-case values,
// which is a narrowing and stays the one EnumNarrowed.
func TestCompareScrapeConfigAllOfEnum(t *testing.T) {
	const file = "monitoring.coreos.com_scrapeconfigs.yaml"
	old := loadProjectCRD(t, filepath.Join(projects, "prometheus-operator", "v0.80.1", file))
	now := loadProjectCRD(t, filepath.Join(projects, "prometheus-operator", "v0.93.0", file))
	var narrowed []string
	for _, c := range Compare(old, now) {
		if c.Path == ".spec.ovhcloudSDConfigs[*].service" {
			t.Errorf("unexpected change of the moved enum: %s", c)
		}
		if c.Kind == EnumNarrowed {
			narrowed = append(narrowed, c.String())
		}
	}
	want := `error: EnumNarrowed v1alpha1 .spec.openstackSDConfigs[*].role: enum narrowed: "instance", "hypervisor" no longer allowed`
	if len(narrowed) != 1 || narrowed[0] != want {
		t.Errorf("EnumNarrowed changes:\n%v\nwant\n%s", narrowed, want)
	}
}

// loadProjectCRD reads the one CRD of a file.
func loadProjectCRD(t *testing.T, path string) *schema.CRD {
	t.Helper()
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("%s: %v (%d documents)", path, errs, len(docs))
	}
	crd, decodeErrs := schema.DecodeCRD(docs[0])
	if len(decodeErrs) > 0 {
		t.Fatalf("%s: %v", path, decodeErrs)
	}
	return crd
}

// TestCompareArgoWithItemsWidened: Argo Workflows 3.6.5 to 3.7.0 made
// withItems untyped with x-kubernetes-preserve-unknown-fields, which
// accepts every value the array did: a widening, no breaking change
// (issue 45 item 1).
func TestCompareArgoWithItemsWidened(t *testing.T) {
	const file = "argoproj.io_workflows.yaml"
	old := loadProjectCRD(t, filepath.Join(projects, "argo-workflows", "v3.6.5", file))
	now := loadProjectCRD(t, filepath.Join(projects, "argo-workflows", "v3.7.0", file))
	changes := Compare(old, now)
	widened := 0
	for _, c := range changes {
		if c.Kind == TypeWidened && strings.HasSuffix(c.Path, ".withItems") {
			widened++
		}
	}
	if Worst(changes) == Error || widened != 5 {
		t.Errorf("worst %q, %d withItems widened, want no error and 5: %v", Worst(changes), widened, changes)
	}
}
