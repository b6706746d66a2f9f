package crdvalidation

import (
	"github.com/kval-dev/kval/lint"
)

// kvalStages is lint as kval lint runs it: value validation of defaults
// (package values) and CEL (package celrules) plugged in. The zero Options
// are that full verdict; the CLI passes the same stages explicitly (its
// tests check it), so comparing the zero value also guards the default.
func kvalStages() lint.Options {
	return lint.Options{}
}
