package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/gen"
)

// genFlags are the options of `kval gen`.
type genFlags struct {
	lint       bool
	docs       bool
	format     string
	outputFile string
	readOnly   []string
	headerFile string
	current    string
}

func newGenCommand(s streams) *cobra.Command {
	var f genFlags
	cmd := &cobra.Command{
		Use:   "gen PKG...",
		Short: "Generate validation code (and, with gen crd, CRDs) from tags on Go types",
		Long: `gen reads +k8s: tags on the Go types of the given packages and writes, in each
package that opts in with +k8s:validation-gen in its doc.go, a file of
validation functions (zz_generated.validations.go) that call kval's runtime
library github.com/kval-dev/kval/validate.

Every misused or unknown tag and every unsupported Go shape is reported with
its file and line; a package is written only when no problem is in it or in
a package it imports, and the others are written all the same.`,
		Example: `  # write zz_generated.validations.go in each package that opts in
  kval gen ./pkg/apis/...
  # check the tags, write nothing
  kval gen --lint ./pkg/apis/...
  # also warn about +k8s:alpha/+k8s:beta rules without since, ready to graduate, or stale
  kval gen --lint --current-version 1.40 ./pkg/apis/...
  # print the reference of every tag (docs/tags.md)
  kval gen --docs -o markdown`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runGen(s, f, args)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.lint, "lint", false, "check tags and report problems without writing files")
	fl.BoolVar(&f.docs, "docs", false, "print the reference of every registered tag and exit")
	fl.StringVarP(&f.format, "output", "o", "markdown", "format of --docs: markdown or json")
	fl.StringVar(&f.outputFile, "output-file", gen.DefaultOutputFile, "name of the generated file in each package")
	fl.StringSliceVar(&f.readOnly, "readonly-pkg", nil, "package whose validation functions generated code may call, but which is not generated (repeatable)")
	fl.StringVar(&f.headerFile, "go-header-file", "", "file whose text (e.g. a license) starts each generated file")
	fl.StringVar(&f.current, "current-version", "", "Kubernetes version (e.g. 1.40) to check the lifecycle of +k8s:alpha and +k8s:beta rules against")
	cmd.AddCommand(newGenCRDCommand(s))
	return cmd
}

func runGen(s streams, f genFlags, args []string) error {
	if f.docs {
		out, err := gen.RenderDocs(f.format)
		if err != nil {
			return badInput("%v", err)
		}
		_, err = s.out.Write(out)
		return err
	}
	if len(args) == 0 {
		return badInput("gen needs at least one package pattern, e.g. ./...")
	}
	opts := gen.Options{Patterns: args, OutputFile: f.outputFile, ReadOnly: f.readOnly, CurrentVersion: f.current}
	if f.headerFile != "" {
		header, err := os.ReadFile(f.headerFile)
		if err != nil {
			return badInput("reading --go-header-file: %v", err)
		}
		opts.Header = string(header)
	}
	return generate(s, opts, f.lint)
}

func generate(s streams, opts gen.Options, lintOnly bool) error {
	run := gen.Generate
	if lintOnly {
		run = gen.Lint
	}
	res, err := run(opts)
	if err != nil {
		return badInput("%v", err)
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(s.err, "warning:", w)
	}
	for _, p := range res.Problems {
		fmt.Fprintln(s.err, p)
	}
	if lintOnly {
		return lintVerdict(s, res)
	}
	if err := gen.Write(res.Files); err != nil {
		return badInput("%v", err)
	}
	for _, file := range res.Files {
		fmt.Fprintln(s.out, "wrote", file.Path)
	}
	return problemSummary(s, res)
}

// lintVerdict ends --lint: the problems' summary, or none found.
func lintVerdict(s streams, res *gen.Result) error {
	if len(res.Problems) > 0 {
		return problemSummary(s, res)
	}
	fmt.Fprintf(s.out, "no problems in %d package(s)\n", len(res.Packages))
	return nil
}

// problemSummary names the packages with problems; the packages they do
// not reach were generated all the same.
func problemSummary(s streams, res *gen.Result) error {
	if len(res.Problems) == 0 {
		return nil
	}
	fmt.Fprintf(s.err, "%d problem(s) in %s\n", len(res.Problems), strings.Join(res.ProblemPackages, ", "))
	return errInvalid
}
