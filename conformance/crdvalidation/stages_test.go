package crdvalidation

import (
	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
)

// kvalStages is lint with the later stages plugged in as kval lint plugs
// them (CEL, package celrules), plus the oracle for value validation of defaults.
func kvalStages(values defaultValueOracle) lint.Options {
	return lint.Options{Values: values, Rules: celrules.NewChecker(), DefaultRules: celrules.NewDefaultEvaluator()}
}
