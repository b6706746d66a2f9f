package cli

import (
	"fmt"
	"strings"
)

// resultPrinter prints the results of kval validate in one format.
type resultPrinter interface {
	// add prints one result, whose verdict and warnings are set.
	add(r *objectResult) error
	// finish prints what follows the last result: the summary.
	finish(t *tally) error
}

// validateFormat is one output format of kval validate.
type validateFormat struct {
	name, help string
	printer    func(s streams) resultPrinter
}

// validateFormats are the output formats of kval validate: the flag's help,
// its check and the printer each run uses all come from this table.
var validateFormats = []validateFormat{
	{"text", "kubectl's words", newTextPrinter},
	{"json", "one JSON document", newJSONPrinter},
	{"yaml", "one YAML document", newYAMLPrinter},
	{"junit", "JUnit XML, a test suite per file", newJUnitPrinter},
	{"tap", "Test Anything Protocol 13", newTAPPrinter},
	{"sarif", "SARIF 2.1.0, for GitHub code scanning", newSARIFPrinter},
	{"github", "GitHub Actions annotations", newGitHubPrinter},
}

func findFormat(name string) *validateFormat {
	for i := range validateFormats {
		if validateFormats[i].name == name {
			return &validateFormats[i]
		}
	}
	return nil
}

func formatNames() []string {
	names := make([]string, len(validateFormats))
	for i, f := range validateFormats {
		names[i] = f.name
	}
	return names
}

// formatHelp lists the formats for the flag's help.
func formatHelp() string {
	parts := make([]string, len(validateFormats))
	for i, f := range validateFormats {
		parts[i] = fmt.Sprintf("%s (%s)", f.name, f.help)
	}
	return strings.Join(parts, ", ")
}
