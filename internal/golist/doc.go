// Package golist lists a module's packages as `go list -json` describes
// them, for the tests that check what packages import (internal/layering,
// and conformance/validationgen's checks of the main module).
package golist
