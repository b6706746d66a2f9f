package cli

import (
	"os"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/manifest"
)

// TestTheDeploymentRunsAServeCommandThatParses keeps deploy/ in step with
// kval serve's flags.
func TestTheDeploymentRunsAServeCommandThatParses(t *testing.T) {
	checkServeArgs(t, deploymentArgs(t))
}

// TestTheKUDOComponentAddsFlagsServeAccepts: deploy/kudo, the component
// that enables KUDO Instances, adds flags to the deployment's.
func TestTheKUDOComponentAddsFlagsServeAccepts(t *testing.T) {
	added := componentArgs(t, "../../../../deploy/kudo/kustomization.yaml")
	if len(added) == 0 || added[0] != "--kudo-instances" {
		t.Fatalf("deploy/kudo adds %q, want --kudo-instances", added)
	}
	checkServeArgs(t, append(deploymentArgs(t), added...))
}

// deploymentArgs are the args of deploy/deployment.yaml's container.
func deploymentArgs(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("../../../../deploy/deployment.yaml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	docs, errs := manifest.ReadAll("deployment.yaml", f)
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("%v", errs)
	}
	containers := docs[0].Object["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)["containers"].([]any)
	var args []string
	for _, a := range containers[0].(map[string]any)["args"].([]any) {
		args = append(args, a.(string))
	}
	return args
}

// componentArgs are the args a kustomization's JSON patches append to
// the container's.
func componentArgs(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var k struct {
		Patches []struct{ Patch string } `json:"patches"`
	}
	if err := yaml.Unmarshal(data, &k); err != nil {
		t.Fatal(err)
	}
	var args []string
	for _, p := range k.Patches {
		var ops []struct{ Op, Path, Value string }
		if err := yaml.Unmarshal([]byte(p.Patch), &ops); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, op := range ops {
			if op.Op == "add" && strings.HasSuffix(op.Path, "/containers/0/args/-") {
				args = append(args, op.Value)
			}
		}
	}
	return args
}

// checkServeArgs checks that kval serve accepts args ("serve" and flags).
func checkServeArgs(t *testing.T, args []string) {
	t.Helper()
	o := &serveOptions{}
	cmd := serveCommand(streams{}, o)
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("args %q do not run kval serve", args)
	}
	if err := cmd.ParseFlags(args[1:]); err != nil {
		t.Fatalf("kval serve refuses the flags %q: %v", args, err)
	}
	if err := o.check(); err != nil {
		t.Errorf("the flags %q are unusable: %v", args, err)
	}
}
