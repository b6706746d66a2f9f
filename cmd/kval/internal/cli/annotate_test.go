package cli

import (
	"bytes"
	"strings"
	"testing"
)

func TestAnnotateGolden(t *testing.T) {
	const crd = "../../../../examples/crd.yaml"
	cases := []cliCase{
		{golden: "annotate/examples", args: []string{"annotate", crd}},
		{golden: "annotate/examples-json", args: []string{"annotate", "-o", "json", crd}},
		{golden: "annotate/reverse", args: []string{"annotate", "--reverse", "-"}, stdin: annotated(t, crd)},
		{golden: "annotate/mixed", args: []string{"annotate", "testdata/annotate/mixed.yaml"}},
		{golden: "annotate/reverse-mixed", args: []string{"annotate", "--reverse", "-"}, stdin: annotated(t, "testdata/annotate/mixed.yaml")},
		{golden: "annotate/conflict", args: []string{"annotate", "testdata/annotate/conflict.yaml"}},
		{golden: "annotate/bad-annotation", args: []string{"annotate", "--reverse", "testdata/annotate/bad-annotation.yaml"}},
		{golden: "annotate/malformed", args: []string{"annotate", crd, "testdata/prune/malformed.yaml"}},
		{golden: "annotate/missing-file", args: []string{"annotate", "testdata/annotate/does-not-exist.yaml"}},
		{golden: "annotate/no-crd", args: []string{"annotate", "../../../../examples/objects/orders.yaml"}},
		{golden: "annotate/bad-output", args: []string{"annotate", "-o", "xml", crd}},
		{golden: "annotate/no-args", args: []string{"annotate"}},
		{golden: "annotate/help", args: []string{"annotate", "--help"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// annotated is the output of kval annotate on file.
func annotated(t *testing.T, file string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"annotate", file}, strings.NewReader(""), &stdout, &stderr); code != ExitValid {
		t.Fatalf("kval annotate %s: exit %d: %s", file, code, stderr.String())
	}
	return stdout.String()
}
