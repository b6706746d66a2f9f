package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"
	"sigs.k8s.io/yaml"
)

// TestActionPassesFlagsValidateHas keeps action.yml in step with kval
// validate: every run of kval its script makes with every input set
// parses as kval validate's flags, and every input it declares reaches a
// step.
func TestActionPassesFlagsValidateHas(t *testing.T) {
	inputs, steps := readAction(t)
	used := map[string]bool{}
	ref := regexp.MustCompile(`inputs\.([a-z-]+)`)
	for _, step := range steps {
		values := []string{step.If, step.WorkingDirectory}
		for _, v := range step.Env {
			values = append(values, v)
		}
		for _, v := range step.With {
			values = append(values, v)
		}
		for _, v := range values {
			for _, m := range ref.FindAllStringSubmatch(v, -1) {
				used[m[1]] = true
			}
		}
	}
	for name := range inputs {
		if !used[name] {
			t.Errorf("input %s is not used", name)
		}
	}
	flags := 0
	for _, args := range runWithFakes(t).kval {
		cmd := newValidateCommand(streams{})
		if len(args) == 0 || args[0] != "validate" {
			t.Fatalf("kval ran with %q", args)
		}
		if err := cmd.ParseFlags(args[1:]); err != nil {
			t.Errorf("kval %s: %v", strings.Join(args, " "), err)
		}
		cmd.Flags().Visit(func(*pflag.Flag) { flags++ })
	}
	if flags < 15 {
		t.Errorf("the action passes %d flags in all: is the script still run?", flags)
	}
}

// TestPreCommitHookRunsValidate: the hook's entry is kval validate.
func TestPreCommitHookRunsValidate(t *testing.T) {
	var hooks []struct{ ID, Entry, Language string }
	raw, err := os.ReadFile("../../../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &hooks); err != nil || len(hooks) == 0 {
		t.Fatalf("%v: %v", err, hooks)
	}
	for _, h := range hooks {
		if h.Entry != "kval validate" {
			t.Errorf("hook %s runs %q", h.ID, h.Entry)
		}
	}
}

// TestActionCachesItsBuild: the action builds kval only when the cache has
// no binary for the exact version (latest and branches resolved first),
// and kustomize and helm only when the cache has none for the version
// asked for (issue 50 item 4).
func TestActionCachesItsBuild(t *testing.T) {
	_, steps := readAction(t)
	var resolves, caches bool
	installs := 0
	cached := map[string]string{} // renderer: the id of its cache step
	for _, s := range steps {
		switch {
		case strings.Contains(s.Run, "go list -m") && s.ID != "":
			resolves = true
		case strings.HasPrefix(s.Uses, "actions/cache@") && strings.Contains(s.With["key"], ".outputs.version"):
			caches = true
		case strings.HasPrefix(s.Uses, "actions/cache@"):
			for _, r := range []string{"kustomize", "helm"} {
				if strings.Contains(s.With["key"], "inputs."+r+"-version") {
					cached[r] = s.ID
				}
			}
		}
		if strings.Contains(s.Run, "go install") {
			installs++
			if !strings.Contains(s.If, "cache-hit != 'true'") {
				t.Errorf("step %q builds even when its cache has the binary: if %q", s.Name, s.If)
			}
		}
	}
	if !resolves || !caches || installs != 2 {
		t.Errorf("resolves the version %v, caches by it %v, %d steps build (want kval's and the renderers')", resolves, caches, installs)
	}
	install := steps["Install the renderers"]
	for _, r := range []string{"kustomize", "helm"} {
		if cached[r] == "" || !strings.Contains(install.If, "steps."+cached[r]+".outputs.cache-hit != 'true'") {
			t.Errorf("%s: cached by step %q, built if %q", r, cached[r], install.If)
		}
	}
}
