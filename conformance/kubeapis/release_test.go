package kubeapis

import (
	"encoding/json"
	"os/exec"
	"testing"
)

// release is a Kubernetes release whose generated packages are compared.
type release struct {
	name       string // "1.37"
	kubernetes string // k8s.io/kubernetes version
	staging    string // k8s.io/api and k8s.io/apimachinery version
	// readOnly are the packages upstream's hack/update-codegen.sh passes
	// to validation-gen as --readonly-pkg.
	readOnly []string
	// optionsAsList says operation.Operation's Options are a []string
	// (apimachinery before 1.37), not a set.
	optionsAsList bool
	// noCalls says why the release's functions are not called, only
	// generated and compared by name and registration ("" calls them).
	noCalls string
}

var commonReadOnly = []string{"k8s.io/apimachinery/pkg/api/resource", "k8s.io/apimachinery/pkg/runtime",
	"k8s.io/apimachinery/pkg/types", "k8s.io/apimachinery/pkg/util/intstr", "time"}

var releases = []release{
	{name: "1.37", kubernetes: "v1.37.2", staging: "v0.37.2", readOnly: commonReadOnly},
	{name: "1.36", kubernetes: "v1.36.3", staging: "v0.36.3",
		readOnly: append([]string{"k8s.io/apimachinery/pkg/apis/meta/v1"}, commonReadOnly...), optionsAsList: true,
		noCalls: "kval's runtime (github.com/kval-dev/kval/validate) is built against k8s.io/apimachinery v0.37, " +
			"whose operation.HasOption differs from v0.36's, so kval's code cannot be linked beside 1.36's apimachinery"},
}

// moduleAt returns the module cache directory of a module version,
// downloading it when needed.
func moduleAt(t *testing.T, path, version string) string {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", path+"@"+version).Output()
	if err != nil {
		t.Skipf("%s@%s is not reachable: %v", path, version, err)
	}
	var m struct{ Dir string }
	if err := json.Unmarshal(out, &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download %s@%s: %s", path, version, out)
	}
	return m.Dir
}

// sources are the module directories of one release.
type sources struct {
	kubernetes, api, apimachinery string
}

func (r release) sources(t *testing.T) sources {
	return sources{
		kubernetes:   moduleAt(t, "k8s.io/kubernetes", r.kubernetes),
		api:          moduleAt(t, "k8s.io/api", r.staging),
		apimachinery: moduleAt(t, "k8s.io/apimachinery", r.staging),
	}
}
