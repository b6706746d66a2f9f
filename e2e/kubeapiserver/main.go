// Command kube-apiserver runs upstream's kube-apiserver (the command that
// k8s.io/kubernetes' cmd/kube-apiserver/app builds), compiled from the module
// cache so that kval's end-to-end tests (package
// github.com/kval-dev/kval/e2e/cluster) can run it without a Kubernetes
// checkout. It is its own module, outside go.work: its replace directives pin
// every k8s.io staging module to the release kube-apiserver was built with,
// which must not leak into the workspace.
package main

import (
	"os"

	"k8s.io/component-base/cli"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"

	// CronJob's timeZone needs the time zone database in the binary.
	_ "time/tzdata"
	// The flags --logging-format=json and the client and version metrics
	// are registered by these packages' init functions.
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
)

func main() {
	os.Exit(cli.Run(app.NewAPIServerCommand()))
}
