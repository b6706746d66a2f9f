package cli

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestActionPassesFlagsValidateHas keeps action.yml in step with kval
// validate: every flag its script passes exists, and every input it
// declares reaches the script.
func TestActionPassesFlagsValidateHas(t *testing.T) {
	var action struct {
		Inputs map[string]any
		Runs   struct {
			Using string
			Steps []struct {
				Run string
				Env map[string]string
			}
		}
	}
	raw, err := os.ReadFile("../../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &action); err != nil || action.Runs.Using != "composite" {
		t.Fatalf("%v: using %q", err, action.Runs.Using)
	}
	used, flags := map[string]bool{}, 0
	for _, step := range action.Runs.Steps {
		flags += checkValidateFlags(t, step.Run)
		for _, v := range step.Env {
			for _, m := range regexp.MustCompile(`inputs\.([a-z-]+)`).FindAllStringSubmatch(v, -1) {
				used[m[1]] = true
			}
		}
	}
	if flags < 5 {
		t.Errorf("the action passes %d flags: is the script still read?", flags)
	}
	for name := range action.Inputs {
		if !used[name] && name != "go-version" && name != "working-directory" {
			t.Errorf("input %s is not used", name)
		}
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

// checkValidateFlags fails on a --flag in script that kval validate
// lacks, and returns how many flags it found.
func checkValidateFlags(t *testing.T, script string) int {
	t.Helper()
	cmd := newValidateCommand(streams{})
	found := regexp.MustCompile(`(?:^|\s|\()--([a-z-]+)`).FindAllStringSubmatch(script, -1)
	for _, m := range found {
		if cmd.Flags().Lookup(m[1]) == nil {
			t.Errorf("kval validate has no flag --%s", m[1])
		}
	}
	return len(found)
}

// TestActionCachesItsBuild: the action builds kval only when the cache has
// no binary for the exact version (latest and branches resolved first).
func TestActionCachesItsBuild(t *testing.T) {
	var action struct {
		Runs struct {
			Steps []struct {
				ID, Uses, If, Run string
				With              map[string]string
			}
		}
	}
	raw, err := os.ReadFile("../../../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(raw, &action); err != nil {
		t.Fatal(err)
	}
	var resolves, caches, buildsOnMiss bool
	for _, s := range action.Runs.Steps {
		switch {
		case strings.Contains(s.Run, "go list -m") && s.ID != "":
			resolves = true
		case strings.HasPrefix(s.Uses, "actions/cache@") && strings.Contains(s.With["key"], ".outputs.version"):
			caches = true
		case strings.Contains(s.Run, "go install"):
			buildsOnMiss = strings.Contains(s.If, "cache-hit != 'true'")
		}
	}
	if !resolves || !caches || !buildsOnMiss {
		t.Errorf("resolves the version %v, caches by it %v, builds only on a miss %v", resolves, caches, buildsOnMiss)
	}
}
