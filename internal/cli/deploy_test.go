package cli

import (
	"os"
	"testing"

	"github.com/kval-dev/kval/manifest"
)

// TestTheDeploymentRunsAServeCommandThatParses keeps deploy/ in step with
// kval serve's flags.
func TestTheDeploymentRunsAServeCommandThatParses(t *testing.T) {
	f, err := os.Open("../../deploy/deployment.yaml")
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
	o := &serveOptions{}
	cmd := serveCommand(streams{}, o)
	if len(args) == 0 || args[0] != "serve" {
		t.Fatalf("args %q do not run kval serve", args)
	}
	if err := cmd.ParseFlags(args[1:]); err != nil {
		t.Fatalf("kval serve refuses the deployment's flags: %v", err)
	}
	if err := o.check(); err != nil {
		t.Errorf("the deployment's flags are unusable: %v", err)
	}
}
