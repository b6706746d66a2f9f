package cli

import (
	"os"
	"strings"
	"testing"
)

// projects holds real projects' files (see its README for where each comes
// from): the findings of issue 27 were made on them.
const projects = "../../../../testdata/projects/"

// TestLintOldScrapeConfigEnumOutOfAllOf: prometheus-operator 0.80.1 to
// 0.93.0 moved ScrapeConfig's ovhcloudSDConfigs[*].service enum out of an
// allOf with the same values; lint --old does not call that a narrowing
// (issue 27 item 4). The openstackSDConfigs[*].role narrowing is real.
func TestLintOldScrapeConfigEnumOutOfAllOf(t *testing.T) {
	const dir = projects + "prometheus-operator/"
	runGolden(t, cliCase{golden: "projects/prometheus-operator-0.80-0.93",
		args: []string{"lint", "--old", dir + "v0.80.1", dir + "v0.93.0"}})
}

// TestLintOldObjectsFluxSamples: Flux source-controller's samples carry no
// metadata.namespace; on the 1.8.5 to 1.9.1 CRDs they get the default
// namespace and the benign upgrade exits 0 (issue 27 item 3).
func TestLintOldObjectsFluxSamples(t *testing.T) {
	const dir = projects + "flux-source-controller/"
	runGolden(t, cliCase{golden: "projects/flux-source-controller-1.8.5-1.9.1",
		args: []string{"lint", "--old", dir + "v1.8.5/crd", "--objects", dir + "v1.9.1/samples", dir + "v1.9.1/crd"}})
}

// TestValidateStrictByDefaultCNPGSample: CloudNativePG 1.30.0's own sample
// cluster-example-bis.yaml sets a field its Cluster CRD does not have; kval
// validate refuses it by default, at the field's line, and warns under
// --field-validation Warn (issue 27 item 6).
func TestValidateStrictByDefaultCNPGSample(t *testing.T) {
	const dir = projects + "cloudnative-pg/v1.30.0/"
	crd, sample := dir+"postgresql.cnpg.io_clusters.yaml", dir+"cluster-example-bis.yaml"
	for _, c := range []cliCase{
		{golden: "projects/cloudnative-pg-sample-default", args: []string{"validate", "--crd", crd, sample}},
		{golden: "projects/cloudnative-pg-sample-warn", args: []string{"validate", "--field-validation", "Warn", "--crd", crd, sample}},
	} {
		runGolden(t, c)
	}
}

// TestValidateOldClusterRoleWithNamespace: the HPE CSI driver chart 2.0.0
// stamps the release namespace on its ClusterRole hpe-csi-driver-role;
// unchanged under --old it is valid, as kube-apiserver clears the namespace
// of the stored and the new object alike (issue 27 item 1).
func TestValidateOldClusterRoleWithNamespace(t *testing.T) {
	const file = projects + "hpe-csi-driver/v2.0.0/clusterrole.yaml"
	runGolden(t, cliCase{golden: "projects/hpe-csi-driver-clusterrole-unchanged",
		args: []string{"validate", "--old", file, file}})
}

// TestLintOldArgoWithItemsWidened: Argo Workflows 3.6.5 to 3.7.0 made
// withItems untyped with x-kubernetes-preserve-unknown-fields: a widening
// (info), so the lint and its replay of the example that uses withItems
// agree, exit 0; the example, named by generateName, is replayed under
// the name kube-apiserver would have given it (issue 45 item 1).
func TestLintOldArgoWithItemsWidened(t *testing.T) {
	const dir = projects + "argo-workflows/"
	runGolden(t, cliCase{golden: "projects/argo-workflows-3.6.5-3.7.0",
		args: []string{"lint", "--old", dir + "v3.6.5", "--objects", dir + "examples", dir + "v3.7.0"}})
}

// TestValidateConflictingCRDFailsOnlyItsKind: a repository's pinned Argo
// Workflows 3.6.5 CRD and the 3.7.0 quick-start install, which carries its
// own (minimal) CRDs, define Workflow differently: the install's 52 other
// objects are validated, and only the Workflow is invalid, naming both
// definitions (issue 45 item 2).
func TestValidateConflictingCRDFailsOnlyItsKind(t *testing.T) {
	const dir = projects + "argo-workflows/"
	runGolden(t, cliCase{golden: "projects/argo-workflows-crd-conflict",
		args: []string{"validate", "--crd", dir + "v3.6.5", dir + "install-v3.7.0/quick-start-minimal.yaml", dir + "examples/loops-dag.yaml"}})
	// Both given with --crd: the Workflow is invalid (exit 1), not unusable.
	runGolden(t, cliCase{golden: "projects/argo-workflows-crd-twice",
		args: []string{"validate", "--crd", dir + "v3.6.5", "--crd", dir + "v3.7.0", dir + "examples/loops-dag.yaml"}})
}

// TestValidateExcludeCertManagerTree: cert-manager 1.21.2's deploy/ tree
// holds two Namespaces beside a Helm chart (Chart.yaml, values files,
// templates, unit tests) and Helm values; --exclude leaves those out, as
// kubeconform's -ignore-filename-pattern, and the run is valid (issue 45
// item 5). Without it they are 8 invalid documents.
func TestValidateExcludeCertManagerTree(t *testing.T) {
	const dir = projects + "cert-manager/v1.21.2/deploy"
	runGolden(t, cliCase{golden: "projects/cert-manager-exclude",
		args: []string{"validate", "--exclude", "Chart.yaml", "--exclude", "values*", "--exclude", "cert-manager/templates",
			"--exclude", "tests", "--exclude", "helm-values.yaml", dir}})
	runGolden(t, cliCase{golden: "projects/cert-manager-no-exclude", args: []string{"validate", dir}})
	runGolden(t, cliCase{golden: "projects/cert-manager-lint-exclude",
		args: []string{"lint", "--exclude", "charts", "--exclude", "manifests", dir}})
}

// TestValidateCertManagerHelmTemplate: a released chart rendered with its
// CRDs validates as kube-apiserver would accept it; its RBAC names hold
// colons, path segments to kube-apiserver (they failed as custom
// resources' names when kval checked built-in kinds by their schema).
func TestValidateCertManagerHelmTemplate(t *testing.T) {
	runGolden(t, cliCase{golden: "projects/cert-manager-helm-template",
		args: []string{"validate", "--failures-only", projects + "cert-manager/v1.21.2/helm-template.yaml"}})
}

// TestValidateArgoGenerateNameOutputs: Argo Workflows' examples are named
// by generateName, and so is their result; --failures-only leaves out the
// valid ones' lines (the summary stays), and -o json gives no returned
// object unless --show-object asks for it (issue 45 item 7).
func TestValidateArgoGenerateNameOutputs(t *testing.T) {
	const dir = projects + "argo-workflows/"
	for _, c := range []cliCase{
		{golden: "projects/argo-workflows-generatename", args: []string{"validate", "--crd", dir + "v3.7.0", dir + "examples"}},
		{golden: "projects/argo-workflows-failures-only", args: []string{"validate", "--failures-only", "--crd", dir + "v3.7.0", dir + "examples"}},
		{golden: "projects/argo-workflows-json", args: []string{"validate", "-o", "json", "--crd", dir + "v3.7.0", dir + "examples"}},
		{golden: "projects/argo-workflows-failures-only-json", args: []string{"validate", "--failures-only", "-o", "json", "--crd", dir + "v3.7.0", dir + "examples"}},
	} {
		runGolden(t, c)
	}
}

// TestValidateOneRoundArgoCDApplicationSet: Argo CD 3.5.8's documented
// ApplicationSet has unknown fields (strict decoding's 400, first) and,
// once they are removed, a Required error kube-apiserver would answer
// next: both in one run, the second marked in every format, and in JSON
// each unknown field an error entry at its own line (issue 45 item 3).
func TestValidateOneRoundArgoCDApplicationSet(t *testing.T) {
	const dir = projects + "argo-cd/v3.5.8/"
	for _, format := range []string{"text", "json", "yaml", "junit", "tap", "sarif", "github"} {
		runGolden(t, cliCase{golden: "projects/argo-cd-applicationset-" + format,
			args: []string{"validate", "-o", format, "--crd", dir + "crds", dir + "docs/applicationset.yaml"}})
	}
}

// TestValidateLocationsArgoCDDocs: Argo CD 3.5.8's documented Secret has
// data keys with dots (webhook.github.secret, line 28) whose values are
// not base64: each error is at its key's line, and the anyOf errors name
// their field instead of "<nil>"; the documented Application's finalizer
// warning is at the finalizer's line, not the document's (issue 45 item 4).
func TestValidateLocationsArgoCDDocs(t *testing.T) {
	const dir = projects + "argo-cd/v3.5.8/"
	for _, c := range []cliCase{
		{golden: "projects/argo-cd-secret-text", args: []string{"validate", dir + "docs/argocd-secret.yaml"}},
		{golden: "projects/argo-cd-secret-json", args: []string{"validate", "-o", "json", dir + "docs/argocd-secret.yaml"}},
		{golden: "projects/argo-cd-application-warning", args: []string{"validate", "-o", "github", "--crd", dir + "crds", dir + "docs/application.yaml"}},
	} {
		runGolden(t, c)
	}
}

// TestLintLocatesBrokenRuleCertManagerIssuer: cert-manager 1.21.2's
// Issuer CRD with its CEL rule at line 4116 broken (has(self.ngts) made
// has(self.ngtz), in a copy): kval lint points at line 4116, names the
// field as the v1 file writes it, and shows the rule as the file holds it,
// not kube-apiserver's internal spec.validation path or a Go struct (issue
// 45 item 4).
func TestLintLocatesBrokenRuleCertManagerIssuer(t *testing.T) {
	text, err := os.ReadFile(projects + "cert-manager/v1.21.2/deploy/crds/cert-manager.io_issuers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(text), "has(self.ngts)\n", "has(self.ngtz)\n", 1)
	file := writeFile(t, t.TempDir(), "broken.yaml", broken)
	code, stdout, _ := runKval(t, "", "lint", file)
	const path = "spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.venafi.x-kubernetes-validations[0].rule"
	want := file + `:4116: The CustomResourceDefinition "issuers.cert-manager.io" is invalid: ` + path +
		`: Invalid value: "(has(self.tpp) ? 1 : 0) + (has(self.cloud) ? 1 : 0) + (has(self.ngtz) ? 1 : 0) == 1": compilation failed`
	if code != ExitInvalid || !strings.HasPrefix(stdout, want) {
		t.Errorf("exit %d, output\n%s\nwant it to start with\n%s", code, stdout, want)
	}
	_, stdout, _ = runKval(t, "", "lint", "-o", "json", file)
	if !strings.Contains(stdout, `"field": "`+path+`"`) || !strings.Contains(stdout, `"line": 4116`) || strings.Contains(stdout, `"Rule"`) {
		t.Errorf("JSON output without the file's path, line 4116 or with a Go struct:\n%s", stdout)
	}
}

// TestValidatePreserveUnknownFieldsCRDServed: Argo CD 3.5.8's test CRD
// crd-v1-healthy.yaml is a v1 CRD a cluster serves (Established) with
// spec.preserveUnknownFields: true, carried from v1beta1: kube-apiserver
// would refuse to create it (kval lint says so), but serves its objects
// without pruning, and so does kval validate (issue 45 item 9).
func TestValidatePreserveUnknownFieldsCRDServed(t *testing.T) {
	const crd = projects + "argo-cd/v3.5.8/crd-health/crd-v1-healthy.yaml"
	const obj = "apiVersion: example.io/v1alpha1\nkind: Example\nmetadata:\n  name: kept\nspec:\n  anything: [1, two]\n"
	for _, c := range []cliCase{
		{golden: "projects/argo-cd-preserve-unknown-fields-validate", args: []string{"validate", "-o", "yaml", "--show-object", "--crd", crd, "-"}, stdin: obj},
		{golden: "projects/argo-cd-preserve-unknown-fields-lint", args: []string{"lint", crd}},
	} {
		runGolden(t, c)
	}
}
