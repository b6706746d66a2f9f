package cli

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
)

const paramsExamples = "../../../../examples/params"

func TestParamsGolden(t *testing.T) {
	v1, v2, inst := paramsExamples+"/v1", paramsExamples+"/v2", paramsExamples+"/instance.yaml"
	bad := "../../../../params/testdata/bad"
	cases := []cliCase{
		{golden: "params/list-descriptions", args: []string{"params", "list", "--descriptions", v1}},
		{golden: "params/list-immutable", args: []string{"params", "list", "--immutable", v2}},
		{golden: "params/list-required-none", args: []string{"params", "list", "--required", v2}},
		{golden: "params/list-required", args: []string{"params", "list", "--required", "../../../../params/testdata/operatorversion.yaml"}},
		{golden: "params/list-operatorversion-json", args: []string{"params", "list", "-o", "json", "../../../../params/testdata/operatorversion.yaml"}},
		{golden: "params/list-unreadable", args: []string{"params", "list", "../../../../params/testdata/malformed"}},
		{golden: "params/verify-bad", args: []string{"params", "verify", bad}},
		{golden: "params/verify-bad-json", args: []string{"params", "verify", "-o", "json", bad}},
		{golden: "params/check-invalid-package", args: []string{"params", "check", "--package", bad}},
		{golden: "params/check-install-values-file", args: []string{"params", "check", "--package", v1, "-P", "testdata/params/values.yaml", "-p", "CPUS=1"}},
		{golden: "params/check-install-bad-values", args: []string{"params", "check", "--package", v1, "-p", "NODE_COUNT=many", "-p", "NODE_CUONT=3"}},
		{golden: "params/check-update-same-values", args: []string{"params", "check", "--package", v1, "--instance", inst, "-p", "DISK_SIZE=5Gi", "-p", "NODE_COUNT=7"}},
		{golden: "params/check-update-json", args: []string{"params", "check", "-o", "json", "--package", v1, "--instance", inst, "-p", "DISK_SIZE=10Gi"}},
		{golden: "params/check-missing-operatorversion", args: []string{"params", "check", "--package", v2, "--instance", inst}},
		{golden: "params/check-upgrade-no-instance", args: []string{"params", "check", "--from", v1, "--to", v2}},
		{golden: "params/check-bad-pair", args: []string{"params", "check", "--package", v1, "-p", "NODE_COUNT"}},
		{golden: "params/check-no-mode", args: []string{"params", "check"}},
		{golden: "params/check-chart-json", args: []string{"params", "check", "-o", "json", "--chart", paramsExamples + "/chart",
			"--old-values", paramsExamples + "/chart/installed.yaml", "--values", paramsExamples + "/chart/upgrade.yaml"}},
		{golden: "params/check-chart-old-chart", args: []string{"params", "check", "--chart", paramsExamples + "/chart", "--old-chart", "testdata/params/chart-0.1",
			"--old-values", paramsExamples + "/chart/installed.yaml", "--values", paramsExamples + "/chart/installed.yaml"}},
		{golden: "params/check-chart-same-chart", args: []string{"params", "check", "--chart", paramsExamples + "/chart",
			"--old-values", paramsExamples + "/chart/installed.yaml", "--values", paramsExamples + "/chart/installed.yaml"}},
		{golden: "params/check-chart-missing-old-chart", args: []string{"params", "check", "--chart", paramsExamples + "/chart", "--old-chart", "testdata/params/no-such-chart",
			"--old-values", paramsExamples + "/chart/installed.yaml", "--values", paramsExamples + "/chart/installed.yaml"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) { runGolden(t, c) })
	}
}

// TestParamsGuideExamples runs the kval params commands of the KUDO guide
// (docs/kudo.md), in the repository root's terms, and compares their output
// with golden files.
func TestParamsGuideExamples(t *testing.T) {
	cmds := guideParamsCommands(t)
	if len(cmds) != 7 {
		t.Fatalf("found %d kval params commands in docs/kudo.md, want 7", len(cmds))
	}
	wantExit := []int{0, 0, 0, 1, 1, 0, 1}
	for i, args := range cmds {
		for j, a := range args {
			if strings.HasPrefix(a, "examples/") {
				args[j] = "../../../../" + a
			}
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			runGolden(t, cliCase{golden: fmt.Sprintf("params/guide-%d", i), args: args})
			if code := Main(args, strings.NewReader(""), &strings.Builder{}, &strings.Builder{}); code != wantExit[i] {
				t.Errorf("kval %s: exit %d, want %d", strings.Join(args, " "), code, wantExit[i])
			}
		})
	}
}

// guideParamsCommands returns the "kval params" lines of docs/kudo.md's
// shell examples, without their comments.
func guideParamsCommands(t *testing.T) [][]string {
	f, err := os.Open("../../../../docs/kudo.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(strings.TrimSpace(sc.Text()), "#")
		if strings.HasPrefix(sc.Text(), "kval params ") {
			cmds = append(cmds, strings.Fields(line)[1:])
		}
	}
	return cmds
}
