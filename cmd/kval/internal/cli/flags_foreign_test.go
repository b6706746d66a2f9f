package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestKubeconformFlagsRefused: kubeconform's single-dash flags and -n N
// (workers), as a CI job written for kubeconform passes them on Argo
// Workflows' files, end the run with exit 2 and kval's flag, instead of
// being read as shorthand flags ("-output json" as "-o utput") or as a
// namespace (issue 45 item 6).
func TestKubeconformFlagsRefused(t *testing.T) {
	const crd, file = projects + "argo-workflows/v3.7.0", projects + "argo-workflows/examples/loops-dag.yaml"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"validate", "-output", "json", "--crd", crd, file}, "-output is kubeconform's or kubectl-validate's flag, not kval's: kval's is -o/--output"},
		{[]string{"validate", "-strict", "--crd", crd, file}, "-strict is kubeconform's"},
		{[]string{"validate", "-summary", "--crd", crd, file}, "-summary is kubeconform's"},
		{[]string{"validate", "-ignore-missing-schemas", "--crd", crd, file}, "kval's is --ignore-missing-schemas"},
		{[]string{"validate", "-schema-location", "default", "--crd", crd, file}, "kval reads CRDs with --crd"},
		{[]string{"validate", "-ignore-filename-pattern=.*values.yaml", "--crd", crd, file}, "kval's is --exclude GLOB"},
		{[]string{"validate", "--local-crds", crd, file}, "kval's is --crd"},
		{[]string{"validate", "-n", "4", "--crd", crd, file}, "-n 4: kval's -n is the namespace (--namespace); kubeconform's -n (workers) is kval's -j/--jobs 4"},
		{[]string{"validate", "-n=16", "--crd", crd, file}, "-n 16: kval's -n is the namespace"},
		{[]string{"validate", "-n4", "--crd", crd, file}, "-n 4: kval's -n is the namespace"},
	}
	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		code := Main(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != ExitBadInput || stdout.Len() != 0 || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout.String(), stderr.String(), tc.want)
		}
	}
}

// TestNamespaceFlagStillWorks: a namespace given as --namespace, or -n with
// a name, is the namespace; "--" ends the check.
func TestNamespaceFlagStillWorks(t *testing.T) {
	for _, args := range [][]string{
		{"validate", "-n", "argo", "x.yaml"},
		{"validate", "--namespace", "4", "x.yaml"},
		{"validate", "-o", "json", "x.yaml"},
		{"validate", "--", "-strict"},
	} {
		if err := checkForeignFlags(args); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}
