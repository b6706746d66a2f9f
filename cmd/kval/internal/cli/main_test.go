package cli

import (
	"os"
	"testing"
)

// runAsKvalEnv, set in a test binary's environment, makes the binary kval
// itself: the action's tests run their script with it as kval, so that no
// kval binary needs to be built.
const runAsKvalEnv = "KVAL_CLI_TEST_RUN_AS_KVAL"

// TestMain turns kval's catalog off for every test, so that none reaches
// the network; the catalog's tests turn it on with --catalog.
func TestMain(m *testing.M) {
	if os.Getenv(runAsKvalEnv) == "1" {
		os.Exit(MainAs("kval", os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Setenv(catalogEnv, "off")
	os.Exit(m.Run())
}
