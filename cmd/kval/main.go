// Command kval checks Kubernetes-style objects against CRD schemas and
// generates validation code from tagged Go types. See `kval --help`.
package main

import (
	"os"

	"github.com/kval-dev/kval/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
