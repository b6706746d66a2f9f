package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// stepRun is what a run of a step's script printed, and its exit code.
type stepRun struct {
	stdout, stderr string
	code           int
}

// inputRef is an env value of action.yml that is an input.
var inputRef = regexp.MustCompile(`^\$\{\{ inputs\.([a-z-]+) \}\}$`)

// stepEnv is a step's environment as GitHub gives it: its env values that
// are inputs are the inputs' defaults, or the value in inputs; its literal
// values as written; extra gives the rest (the other steps' outputs) and
// more.
func stepEnv(t *testing.T, step actionStep, inputs map[string]string, extra map[string]string) map[string]string {
	t.Helper()
	declared, _ := readAction(t)
	env := map[string]string{}
	for k, v := range step.Env {
		if m := inputRef.FindStringSubmatch(v); m != nil {
			in, ok := declared[m[1]]
			if !ok {
				t.Fatalf("step %q: no input %s", step.Name, m[1])
			}
			env[k] = in.Default
			if v, ok := inputs[m[1]]; ok {
				env[k] = v
			}
		} else if !strings.Contains(v, "${{") {
			env[k] = v
		}
	}
	for name := range inputs {
		if _, ok := declared[name]; !ok {
			t.Fatalf("no input %s", name)
		}
	}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// runStepIn runs a step's script in dir as GitHub runs it, with
// stepEnv's environment.
func runStepIn(t *testing.T, dir string, step actionStep, inputs map[string]string, extra map[string]string) stepRun {
	t.Helper()
	root, err := filepath.Abs(actionPath)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step.Run)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GITHUB_ACTION_PATH="+root)
	for k, v := range stepEnv(t, step, inputs, extra) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	run := stepRun{}
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
		run.code = exit.ExitCode()
	}
	run.stdout, run.stderr = stdout.String(), stderr.String()
	return run
}

// commitAll makes dir a git repository whose one commit holds its files.
func commitAll(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skipf("no git (base renderings check out the base with git worktree): %v", err)
	}
	gitIn(t, dir, "init", "-q")
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "-q", "-m", "base")
}

// worktrees lists the worktrees of the repository at dir.
func worktrees(t *testing.T, dir string) string {
	t.Helper()
	cmd := exec.Command("git", "worktree", "list")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git worktree list: %v: %s", err, out)
	}
	return string(out)
}

// fakeRuns is what action/validate.sh ran with fake kval, kustomize and
// helm, which record their arguments.
type fakeRuns struct {
	kval      [][]string // each run's arguments, the rendered files' directory as R
	renderers []string   // each rendering: "DIR: ARGS", DIR . or base
	outputs   []string   // the files written under out/
	run       stepRun
}

// runWithFakes runs the Action's kval validate step with every input set,
// with fakes for kval, kustomize and helm, in a git repository whose
// commit is the base.
func runWithFakes(t *testing.T) fakeRuns {
	t.Helper()
	_, steps := readAction(t)
	repo, bin, runnerTemp := t.TempDir(), t.TempDir(), t.TempDir()
	for _, f := range []string{"deploy/a.yaml", "crds/c.yaml", "overlay/kustomization.yaml", "chart/Chart.yaml", "values-a.yaml"} {
		if err := os.MkdirAll(filepath.Join(repo, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, repo, f, "x: 1\n")
	}
	if err := os.Mkdir(filepath.Join(repo, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	commitAll(t, repo)
	record := filepath.Join(bin, "record")
	fakes := map[string]string{
		"kval": `printf '%s\n' "$@" --- >> "$KVAL_FAKE_RECORD"; echo "kval's output"`,
		"kustomize": `echo "kustomize: $PWD: $*" >> "$KVAL_FAKE_RECORD.renderers"
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n'`,
		"helm": `echo "helm: $PWD: $*" >> "$KVAL_FAKE_RECORD.renderers"
printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n'`,
	}
	for name, script := range fakes {
		writeFile(t, bin, name, "#!/bin/sh\n"+script+"\n")
		if err := os.Chmod(filepath.Join(bin, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	run := runStepIn(t, repo, steps["kval validate"], map[string]string{
		"crds": "crds/", "paths": "deploy/", "base": "HEAD", "output": "sarif", "output-file": "out/kval.sarif",
		"field-validation": "Warn", "fail-on": "warning", "args": "--jobs 2",
		"kustomize": "overlay", "kustomize-args": "--enable-helm",
		"helm-charts": "chart=values-a.yaml", "helm-args": "--set x=y", "helm-release": "", "helm-namespace": "shop", "helm-include-crds": "true",
	}, map[string]string{"KVAL_BIN": bin, "KVAL_KUSTOMIZE_BIN": bin, "KVAL_HELM_BIN": bin, "KVAL_FAKE_RECORD": record, "RUNNER_TEMP": runnerTemp})
	if run.code != 0 {
		t.Fatalf("exit %d: %s%s", run.code, run.stdout, run.stderr)
	}
	var runs fakeRuns
	runs.run = run
	rendered := regexp.MustCompile(regexp.QuoteMeta(runnerTemp) + `/kval-rendered\.[A-Za-z0-9]+`)
	raw, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range strings.Split(strings.TrimSuffix(string(rendered.ReplaceAll(raw, []byte("R"))), "---\n"), "---\n") {
		runs.kval = append(runs.kval, strings.Split(strings.TrimSuffix(r, "\n"), "\n"))
	}
	raw, err = os.ReadFile(record + ".renderers")
	if err != nil {
		t.Fatal(err)
	}
	realRepo, _ := filepath.EvalSymlinks(repo)
	for _, line := range strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n") {
		line = strings.Replace(line, ": "+realRepo+": ", ": .: ", 1)
		line = strings.Replace(line, ": "+repo+": ", ": .: ", 1)
		line = rendered.ReplaceAllString(line, "R")
		runs.renderers = append(runs.renderers, line)
	}
	entries, err := os.ReadDir(filepath.Join(repo, "out"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		runs.outputs = append(runs.outputs, e.Name())
	}
	// Nothing is left behind: the renderings nor the base's worktree.
	if left, _ := os.ReadDir(runnerTemp); len(left) != 0 {
		t.Errorf("left in RUNNER_TEMP: %v", left)
	}
	if list := worktrees(t, repo); strings.Count(list, "\n") != 1 {
		t.Errorf("worktrees left:\n%s", list)
	}
	return runs
}

// TestActionRendersEachOverlayAndChartOnItsOwn: the paths are one kval
// run with --base; each overlay and chart is rendered here and at the
// base (in the base's checkout) and is a run of its own with the base's
// rendering as --old, a chart's namespace as kval's, every run with the
// same flags, each writing a file of its own beside output-file (issue 50
// item 4).
func TestActionRendersEachOverlayAndChartOnItsOwn(t *testing.T) {
	runs := runWithFakes(t)
	common := "validate --output sarif --field-validation Warn --fail-on warning --crd crds/ "
	want := []string{
		common + "--base HEAD --jobs 2 deploy/",
		common + "--old R/old/kustomize/overlay.yaml --jobs 2 R/kustomize/overlay.yaml",
		common + "--namespace shop --old R/old/helm/chart+values-a.yaml --jobs 2 R/helm/chart+values-a.yaml",
	}
	var got []string
	for _, args := range runs.kval {
		got = append(got, strings.Join(args, " "))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("kval ran:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantRenderers := []string{
		"kustomize: .: build --enable-helm overlay",
		"kustomize: R/base: build --enable-helm overlay",
		"helm: .: template chart chart --values values-a.yaml --namespace shop --include-crds --set x=y",
		"helm: R/base: template chart chart --values values-a.yaml --namespace shop --include-crds --set x=y",
	}
	if strings.Join(runs.renderers, "\n") != strings.Join(wantRenderers, "\n") {
		t.Errorf("renderers ran:\n%s\nwant:\n%s", strings.Join(runs.renderers, "\n"), strings.Join(wantRenderers, "\n"))
	}
	wantOutputs := "kval.helm-chart+values-a.sarif kval.kustomize-overlay.sarif kval.sarif"
	if got := strings.Join(runs.outputs, " "); got != wantOutputs {
		t.Errorf("output files %s, want %s", got, wantOutputs)
	}
	for _, what := range []string{"kustomize build overlay", "helm template chart --values values-a.yaml"} {
		if !strings.Contains(runs.run.stderr, "kval: "+what+": ") {
			t.Errorf("stderr does not name %q:\n%s", what, runs.run.stderr)
		}
	}
}

// requireRenderersEnv, set, makes kustomize or helm that cannot be built
// fail TestActionValidatesRenderedOverlaysAndCharts instead of skipping
// it; .ci/run sets it, so CI always runs the renderers.
const requireRenderersEnv = "KVAL_REQUIRE_RENDERERS"

// buildRenderers builds kustomize and helm as the Action does: its steps
// "Resolve the renderers" and "Install the renderers" run with the pinned
// default versions, go install through the module proxy into a temporary
// tool cache (the Go build cache makes a second build a link). It returns
// the directories of kustomize and helm.
func buildRenderers(t *testing.T) (kustomize, helm string) {
	t.Helper()
	_, steps := readAction(t)
	resolve := stepEnv(t, steps["Resolve the renderers"], map[string]string{"kustomize": "overlay", "helm-charts": "chart"},
		map[string]string{"RUNNER_TOOL_CACHE": t.TempDir()})
	written, out, err := runBash(t, steps["Resolve the renderers"].Run, resolve)
	if err != nil {
		t.Fatalf("resolving the renderers: %v: %s", err, out)
	}
	outputs := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(written), "\n") {
		k, v, _ := strings.Cut(line, "=")
		outputs[k] = v
	}
	install := stepEnv(t, steps["Install the renderers"], nil, map[string]string{
		"KVAL_KUSTOMIZE_MODULE": outputs["kustomize-module"], "KVAL_KUSTOMIZE_BIN": outputs["kustomize-bin"],
		"KVAL_HELM_MODULE": outputs["helm-module"], "KVAL_HELM_BIN": outputs["helm-bin"]})
	start := time.Now()
	if _, out, err := runBash(t, steps["Install the renderers"].Run, install); err != nil {
		if os.Getenv(requireRenderersEnv) != "" {
			t.Fatalf("building %s and %s: %v: %s", outputs["kustomize-module"], outputs["helm-module"], err, out)
		}
		t.Skipf("kustomize or helm could not be built with go install through the module proxy (%s=1 makes this a failure, as in .ci/run): %v: %s",
			requireRenderersEnv, err, out)
	}
	t.Logf("built %s and %s in %v", outputs["kustomize-module"], outputs["helm-module"], time.Since(start).Round(time.Millisecond))
	return outputs["kustomize-bin"], outputs["helm-bin"]
}

// TestActionValidatesRenderedOverlaysAndCharts runs the Action's kval
// validate step with kustomize and helm built as the Action builds them,
// and this test binary as kval, on KEDA's real config/default overlay and
// config/samples (whose ScaledJob sample lacks the template its CRD
// requires), and on cert-manager's sample webhook chart, whose
// Certificates and Issuers the catalog's local copy serves; errors name
// the overlay or chart they came from; with a base, overlays and charts
// are updates of their rendering at the base (issue 50 item 4).
func TestActionValidatesRenderedOverlaysAndCharts(t *testing.T) {
	kustomize, helm := buildRenderers(t)
	_, steps := readAction(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(self, filepath.Join(bin, "kval")); err != nil {
		t.Fatal(err)
	}
	projects, err := filepath.Abs(projects)
	if err != nil {
		t.Fatal(err)
	}
	catalog := "--catalog --catalog-dir " + filepath.Join(projects, "..", "catalog")
	const chart = "cert-manager/v1.21.2/make/config/samplewebhook/chart"
	run := func(t *testing.T, dir string, inputs map[string]string) stepRun {
		t.Helper()
		runnerTemp := t.TempDir()
		r := runStepIn(t, dir, steps["kval validate"], inputs, map[string]string{
			"KVAL_BIN": bin, runAsKvalEnv: "1", "KVAL_KUSTOMIZE_BIN": kustomize, "KVAL_HELM_BIN": helm, "RUNNER_TEMP": runnerTemp})
		if left, _ := os.ReadDir(runnerTemp); len(left) != 0 {
			t.Errorf("left in RUNNER_TEMP: %v", left)
		}
		return r
	}
	expect := func(t *testing.T, r stepRun, code int, lines ...string) {
		t.Helper()
		if r.code != code {
			t.Errorf("exit %d, want %d", r.code, code)
		}
		for _, line := range lines {
			if !regexp.MustCompile(`(?m)^` + line + `$`).MatchString(r.stdout) {
				t.Errorf("no line %s", line)
			}
		}
		if t.Failed() {
			t.Logf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
		}
	}

	t.Run("valid", func(t *testing.T) {
		r := run(t, projects, map[string]string{
			"output": "text", "args": catalog, "kustomize": "keda/v2.21.1/config/default",
			"helm-charts": chart, "helm-release": "example-webhook", "helm-namespace": "sandbox"})
		expect(t, r, 0,
			`\S+/kustomize/keda/v2\.21\.1/config/default\.yaml:\d+: Deployment "keda-operator" is valid \(create\)`,
			`\S+/kustomize/keda/v2\.21\.1/config/default\.yaml:\d+: CustomResourceDefinition "scaledjobs\.keda\.sh" is valid \(create\)`,
			`26 valid, 0 invalid`,
			`\S+/helm/`+regexp.QuoteMeta(chart)+`\.yaml:\d+: Issuer "example-webhook-ca" is valid \(create\)`,
			`13 valid, 0 invalid`)
	})

	t.Run("invalid", func(t *testing.T) {
		values := writeFile(t, t.TempDir(), "values-bad.yaml", "service:\n  type: Bogus\n")
		r := run(t, projects, map[string]string{
			"output": "text", "args": catalog, "crds": "keda/v2.21.1/config/crd/bases",
			"kustomize":   "keda/v2.21.1/config/samples keda/v2.21.1/config/missing",
			"helm-charts": chart + "=" + values, "helm-release": "example-webhook"})
		// The missing overlay makes the run unusable input (2), after the
		// others are validated.
		expect(t, r, 2,
			`\S+/kustomize/keda/v2\.21\.1/config/samples\.yaml:\d+: The ScaledJob "scaledjob-sample" is invalid: spec\.jobTargetRef\.template: Required value`,
			`5 valid, 1 invalid`,
			`::error::kval: kustomize build keda/v2\.21\.1/config/missing failed \(exit 1\): not validated`,
			`\S+/helm/`+regexp.QuoteMeta(chart)+`\+values-bad\.yaml:\d+: The Service "example-webhook" is invalid: spec\.type: Unsupported value: "Bogus": .*`,
			`12 valid, 1 invalid`)
	})

	t.Run("base", func(t *testing.T) {
		// A repository holding KEDA's config and the chart, whose change
		// renames the operator Deployment's selector label (immutable on
		// update, valid on create) and adds an overlay; kval runs in deploy/.
		repo := t.TempDir()
		deploy := filepath.Join(repo, "deploy")
		copyTree(t, filepath.Join(projects, "keda/v2.21.1/config"), filepath.Join(deploy, "keda"))
		copyTree(t, filepath.Join(projects, chart), filepath.Join(deploy, "chart"))
		// chart2's base also renders a Widget, of a kind no CRD defines,
		// which the change removes: its base rendering is no usable --old.
		copyTree(t, filepath.Join(projects, chart), filepath.Join(deploy, "chart2"))
		widget := writeFile(t, filepath.Join(deploy, "chart2/templates"), "widget.yaml",
			"apiVersion: widgets.example.com/v1\nkind: Widget\nmetadata:\n  name: {{ .Release.Name }}\n")
		commitAll(t, repo)
		if err := os.Remove(widget); err != nil {
			t.Fatal(err)
		}
		manager := filepath.Join(deploy, "keda/manager/manager.yaml")
		text, err := os.ReadFile(manager)
		if err != nil {
			t.Fatal(err)
		}
		changed := strings.ReplaceAll(string(text), "app: keda-operator\n", "app: keda-operator-v2\n")
		if strings.Count(changed, "keda-operator-v2") != 3 {
			t.Fatalf("the selector and labels of %s moved", manager)
		}
		writeFile(t, filepath.Dir(manager), "manager.yaml", changed)
		if err := os.Mkdir(filepath.Join(deploy, "keda/prod"), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(deploy, "keda/prod"), "kustomization.yaml", "resources:\n- ../default\n")
		inputs := map[string]string{
			"output": "text", "args": catalog, "base": "HEAD", "kustomize": "keda/default keda/prod",
			"helm-charts": "chart chart2", "helm-release": "example-webhook"}
		r := run(t, deploy, inputs)
		expect(t, r, 1,
			`\S+/kustomize/keda/default\.yaml:\d+: The Deployment "keda-operator" is invalid: spec\.selector: Invalid value: .*: field is immutable`,
			`\S+/kustomize/keda/default\.yaml:\d+: Deployment "keda-metrics-apiserver" is valid \(update\)`,
			`25 valid, 1 invalid`,
			`\S+/kustomize/keda/prod\.yaml:\d+: Deployment "keda-operator" is valid \(create\)`,
			`26 valid, 0 invalid`,
			`\S+/helm/chart\.yaml:\d+: Deployment "example-webhook" is valid \(update\)`,
			`::warning::kval: helm template chart2: its rendering at HEAD gives no usable old objects \(the error above\): checked as creates`,
			`\S+/helm/chart2\.yaml:\d+: Deployment "example-webhook" is valid \(create\)`)
		if !strings.Contains(r.stderr, "kval: kustomize build keda/prod: not in HEAD: its objects are creates") {
			t.Errorf("stderr does not say the new overlay's objects are creates:\n%s", r.stderr)
		}
		if list := worktrees(t, repo); strings.Count(list, "\n") != 1 {
			t.Errorf("worktrees left:\n%s", list)
		}
		// Without the base, the same change is a valid create.
		delete(inputs, "base")
		expect(t, run(t, deploy, inputs), 0, `\S+/kustomize/keda/default\.yaml:\d+: Deployment "keda-operator" is valid \(create\)`)
	})
}

// TestActionResolvesPinnedRenderers: kustomize and helm are go-installed
// modules at a release version (no latest, no branch), Helm 4 only, each
// in a tool cache directory of its own version, and only when overlays or
// charts are given (issue 50 item 4).
func TestActionResolvesPinnedRenderers(t *testing.T) {
	inputs, steps := readAction(t)
	step := steps["Resolve the renderers"]
	if step.If != "inputs.kustomize != '' || inputs.helm-charts != ''" {
		t.Errorf("the renderers are resolved if %q", step.If)
	}
	resolve := func(in map[string]string) (string, string, error) {
		return runBash(t, step.Run, stepEnv(t, step, in, map[string]string{"RUNNER_TOOL_CACHE": "/cache"}))
	}
	written, out, err := resolve(map[string]string{"kustomize": "overlay", "helm-charts": "chart"})
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	kv, hv := inputs["kustomize-version"].Default, inputs["helm-version"].Default
	for _, want := range []string{
		"kustomize-module=sigs.k8s.io/kustomize/kustomize/v5@" + kv,
		"kustomize-bin=/cache/kval-kustomize/" + kv + "/",
		"helm-module=helm.sh/helm/v4/cmd/helm@" + hv,
		"helm-bin=/cache/kval-helm/" + hv + "/",
	} {
		if !strings.Contains(written, want) {
			t.Errorf("no %q in the outputs:\n%s", want, written)
		}
	}
	if written, _, _ := resolve(map[string]string{"kustomize": "overlay"}); strings.Contains(written, "helm") {
		t.Errorf("helm resolved with no chart:\n%s", written)
	}
	for _, tc := range []struct{ input, version, message string }{
		{"helm-version", "v3.22.0", "::error::helm-version: give a Helm 4 release, such as v4.3.2"},
		{"helm-version", "latest", "::error::helm-version: give a Helm 4 release, such as v4.3.2"},
		{"kustomize-version", "master", "::error::kustomize-version: give a release, such as v5.8.2"},
		{"kustomize-version", "v5.8", "::error::kustomize-version: give a release, such as v5.8.2"},
	} {
		if _, out, err := resolve(map[string]string{"kustomize": "overlay", "helm-charts": "chart", tc.input: tc.version}); err == nil || !strings.Contains(out, tc.message) {
			t.Errorf("%s %s: %v: %s", tc.input, tc.version, err, out)
		}
	}
}
