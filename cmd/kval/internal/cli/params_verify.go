package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/params"
)

func newParamsVerifyCommand(s streams) *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "verify PACKAGE|OPERATORVERSION",
		Short: "Report every problem of an operator's parameter definitions",
		Long: `Verify reads a package directory (or a file holding a kudo.dev/v1beta1
OperatorVersion) and reports every problem of its parameters, each with its
file and parameter: unknown fields and types, defaults and enum values that
do not fit their type or enum, duplicate names, immutable parameters with
neither a default nor "required", undefined trigger plans and groups.

Exit status: 0 when the parameters are valid, 1 when they have problems, 2
when the input cannot be read.`,
		Example: `  kval params verify examples/params/v1`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runParamsVerify(s, output, args[0])
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text, json or yaml")
	return cmd
}

func runParamsVerify(s streams, output, path string) error {
	if err := checkOutput(output); err != nil {
		return err
	}
	ov, err := params.Load(path)
	if err != nil {
		return badInput("%v", err)
	}
	errs := params.Verify(ov)
	if output != "text" {
		err = printData(s.out, output, map[string]any{"source": ov.Source, "valid": len(errs) == 0, "errors": toFieldErrors(errs)})
	} else if len(errs) == 0 {
		fmt.Fprintf(s.out, "%s: package is valid\n", ov.Source)
	} else {
		printProblems(s.out, "", ov.Source, errs)
		fmt.Fprintf(s.out, "%d problem(s)\n", len(errs))
	}
	if err != nil {
		return badInput("%v", err)
	}
	if len(errs) > 0 {
		return errInvalid
	}
	return nil
}
