package cli

import "testing"

// TestValidateBuiltinGolden: built-in kinds are validated without --crd;
// a kind with no schema is invalid unless --ignore-missing-schemas; --skip
// skips by kind or apiVersion/kind; --kubernetes-version picks the
// embedded schemas.
func TestValidateBuiltinGolden(t *testing.T) {
	const objects = "testdata/validate-builtin/mixed.yaml"
	cases := []cliCase{
		{golden: "validate-builtin/default", args: []string{"validate", objects}},
		{golden: "validate-builtin/ignore-missing", args: []string{"validate", "--ignore-missing-schemas", "--skip", "v1/ConfigMap,Service", objects}},
		{golden: "validate-builtin/json", args: []string{"validate", "-o", "json", "--kubernetes-version", "v1.36.3", "--skip", "Deployment", objects}},
		{golden: "validate-builtin/unknown-version", args: []string{"validate", "--kubernetes-version", "1.20", objects}},
		// A version kval does not embed is fine when no object is of a built-in kind; a malformed one never is.
		{golden: "validate-builtin/unknown-version-unused", args: []string{"validate", "--kubernetes-version", "1.20", "--crd", "../../../../examples/crd.yaml", "../../../../examples/objects/analytics.yaml"}},
		{golden: "validate-builtin/malformed-version", args: []string{"validate", "--kubernetes-version", "1.x", "--crd", "../../../../examples/crd.yaml", "../../../../examples/objects/analytics.yaml"}},
		// MutatingAdmissionPolicy v1 is new in 1.36: 1.35 has no such kind.
		{golden: "validate-builtin/minor-1.35", args: []string{"validate", "--kubernetes-version", "1.35", "testdata/validate-builtin/minor-versions.yaml"}},
		{golden: "validate-builtin/minor-1.36", args: []string{"validate", "--kubernetes-version", "1.36", "testdata/validate-builtin/minor-versions.yaml"}},
		// A removed group (extensions) is a built-in group: "no matches for kind", even with --ignore-missing-schemas.
		{golden: "validate-builtin/removed-groups", args: []string{"validate", "--ignore-missing-schemas", "testdata/validate-builtin/removed-groups.yaml"}},
		{golden: "validate-builtin/with-crd", args: []string{"validate", "--field-validation", "Warn", "--crd", "../../../../examples/crd.yaml", "../../../../examples/objects/inventory.yaml", objects}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
