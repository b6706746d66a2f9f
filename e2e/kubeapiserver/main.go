// Command kube-apiserver is upstream's kube-apiserver (k8s.io/kubernetes
// cmd/kube-apiserver), built from the module cache so that kval's end-to-end
// tests (package github.com/kval-dev/kval/e2e/cluster) can run it without a
// Kubernetes checkout. It is its own module, outside go.work: its replace
// directives pin every k8s.io staging module to the release kube-apiserver
// was built with, which must not leak into the workspace.
package main

import (
	"os"
	_ "time/tzdata" // for timeZone support in CronJob

	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"          // for JSON log format registration
	_ "k8s.io/component-base/metrics/prometheus/clientgo" // load all the prometheus client-go plugins
	_ "k8s.io/component-base/metrics/prometheus/version"  // for version metric registration
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
)

func main() {
	command := app.NewAPIServerCommand()
	code := cli.Run(command)
	os.Exit(code)
}
