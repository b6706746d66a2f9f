package hostile

// The suite runs kval as a process it builds itself. Importing the CLI
// makes the test binary depend on kval's code, and with it go test's cache
// of the suite's results: a change to kval runs the suite again instead of
// replaying an old pass.
import _ "github.com/kval-dev/kval/cmd/kval/internal/cli"
