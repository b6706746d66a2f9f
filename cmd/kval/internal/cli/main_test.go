package cli

import (
	"os"
	"testing"
)

// TestMain turns kval's catalog off for every test, so that none reaches
// the network; the catalog's tests turn it on with --catalog.
func TestMain(m *testing.M) {
	os.Setenv(catalogEnv, "off")
	os.Exit(m.Run())
}
