package cli

import "testing"

func TestPruneGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	cases := []cliCase{
		{golden: "prune/examples", args: []string{"prune", "--crd", crd, "../../../../examples/objects/orders.yaml"}},
		{golden: "prune/examples-json", args: []string{"prune", "--crd", crd, "-o", "json", "../../../../examples/objects/orders.yaml"}},
		{golden: "prune/stdin", args: []string{"prune", "--crd", crd, "-"},
			stdin: `{"apiVersion": "example.kval.dev/v1", "kind": "Database", "metadata": {"name": "piped"}, "spec": {"engine": "mysql", "version": "8", "extra": 1}}`},
		{golden: "prune/malformed-yaml", args: []string{"prune", "--crd", crd, "testdata/prune/malformed.yaml"}},
		{golden: "prune/unknown-kind", args: []string{"prune", "--crd", crd, "testdata/prune/unknown-kind.yaml"}},
		{golden: "prune/conflicts", args: []string{"prune", "--crd", crd, "testdata/prune/conflicts.yaml"}},
		{golden: "prune/crd-not-a-crd", args: []string{"prune", "--crd", "testdata/prune/unknown-kind.yaml", "../../../../examples/objects/orders.yaml"}},
		{golden: "prune/missing-file", args: []string{"prune", "--crd", crd, "testdata/prune/does-not-exist.yaml"}},
		{golden: "prune/no-crd-flag", args: []string{"prune", "../../../../examples/objects/orders.yaml"}},
		{golden: "prune/bad-output", args: []string{"prune", "--crd", crd, "-o", "xml", "../../../../examples/objects/orders.yaml"}},
		{golden: "prune/merge-key", args: []string{"prune", "--crd", crd, "testdata/prune/merge-key.yaml"}},
		{golden: "prune/empty", args: []string{"prune", "--crd", crd, "-"}},
		{golden: "prune/empty-json", args: []string{"prune", "--crd", crd, "-o", "json", "--fail-on-empty", "-"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}
