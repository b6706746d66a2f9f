package cli

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

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

// TestTheDeploymentDrainsWithinItsGracePeriod: preStop's sleep, the drain
// delay and the shutdown grace fit terminationGracePeriodSeconds, and the
// probes ask the probe port.
func TestTheDeploymentDrainsWithinItsGracePeriod(t *testing.T) {
	pod := deploymentPod(t)
	container := pod["containers"].([]any)[0].(map[string]any)
	o := &serveOptions{}
	if err := serveCommand(streams{}, o).ParseFlags(deploymentArgs(t)[1:]); err != nil {
		t.Fatal(err)
	}
	preStop := time.Duration(container["lifecycle"].(map[string]any)["preStop"].(map[string]any)["sleep"].(map[string]any)["seconds"].(int64)) * time.Second
	grace := time.Duration(pod["terminationGracePeriodSeconds"].(int64)) * time.Second
	if preStop == 0 || o.limits.drainDelay == 0 || preStop+o.limits.drainDelay+o.limits.shutdownGrace > grace {
		t.Errorf("preStop %v + drain %v + shutdown grace %v must fit terminationGracePeriodSeconds %v", preStop, o.limits.drainDelay, o.limits.shutdownGrace, grace)
	}
	ports := containerPorts(container)
	if !strings.HasSuffix(o.listen, fmt.Sprint(":", ports["https"])) || !strings.HasSuffix(o.probeListen, fmt.Sprint(":", ports["metrics"])) {
		t.Errorf("--listen %s and --probe-listen %s are not the container ports %v", o.listen, o.probeListen, ports)
	}
	for _, probe := range []string{"readinessProbe", "livenessProbe"} {
		if port := container[probe].(map[string]any)["httpGet"].(map[string]any)["port"]; port != "metrics" {
			t.Errorf("%s asks port %v, want metrics (the admission port serves no probes)", probe, port)
		}
	}
}

// TestTheNetworkPolicyOpensTheContainersPorts: one rule for the admission
// port, one for the metrics port, of the pods of the Deployment.
func TestTheNetworkPolicyOpensTheContainersPorts(t *testing.T) {
	docs, errs := manifest.ReadFile("../../../../deploy/networkpolicy/networkpolicy.yaml")
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("%v", errs)
	}
	spec := docs[0].Object["spec"].(map[string]any)
	if app := spec["podSelector"].(map[string]any)["matchLabels"].(map[string]any)["app"]; app != "kval" {
		t.Errorf("the policy selects app=%v", app)
	}
	ports := containerPorts(deploymentPod(t)["containers"].([]any)[0].(map[string]any))
	var opened []int64
	for _, rule := range spec["ingress"].([]any) {
		r := rule.(map[string]any)
		if len(r["from"].([]any)) == 0 {
			t.Errorf("a rule open to every source: %v", r)
		}
		for _, p := range r["ports"].([]any) {
			opened = append(opened, p.(map[string]any)["port"].(int64))
		}
	}
	if len(opened) != 2 || opened[0] != ports["https"] || opened[1] != ports["metrics"] {
		t.Errorf("the policy opens %v, want the admission and metrics ports %v", opened, ports)
	}
}

func deploymentPod(t *testing.T) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadFile("../../../../deploy/deployment.yaml")
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("%v", errs)
	}
	return docs[0].Object["spec"].(map[string]any)["template"].(map[string]any)["spec"].(map[string]any)
}

func containerPorts(container map[string]any) map[string]int64 {
	ports := map[string]int64{}
	for _, p := range container["ports"].([]any) {
		port := p.(map[string]any)
		ports[port["name"].(string)] = port["containerPort"].(int64)
	}
	return ports
}
