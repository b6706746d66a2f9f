// Command kval checks Kubernetes-style objects against CRD schemas and
// generates validation code from tagged Go types. See `kval --help`.
// Installed (or linked) as kubectl-kval, it is the kubectl plugin
// "kubectl kval".
package main

import (
	"os"

	"github.com/kval-dev/kval/cmd/kval/internal/cli"
	// Sets the collection percent before the large packages initialize.
	_ "github.com/kval-dev/kval/cmd/kval/internal/startgc/early"
)

func main() {
	os.Exit(cli.MainAs(os.Args[0], os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
