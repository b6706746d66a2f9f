package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/params"
)

func newParamsCommand(s streams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "params",
		Short: "List, verify and check KUDO operator parameters with immutability",
		Long: `kval params works on KUDO operators: package directories (operator.yaml,
params.yaml, templates/) and kudo.dev/v1beta1 OperatorVersion and Instance
objects. A parameter marked "immutable: true" gets its value at installation
and keeps it through updates and upgrades (KUDO's KEP-30); the rules are in
the params package's documentation.`,
		Example: `  kval params list examples/params/v2
  kval params verify examples/params/v1
  kval params check --package examples/params/v1 --instance examples/params/instance.yaml -p DISK_SIZE=10Gi
  kval params check --from examples/params/v1 --to examples/params/v2 --instance examples/params/instance.yaml`,
	}
	cmd.AddCommand(newParamsListCommand(s), newParamsVerifyCommand(s), newParamsCheckCommand(s))
	return cmd
}

// checkOutput refuses an unknown -o value.
func checkOutput(output string) error {
	if output != "text" && output != "json" && output != "yaml" {
		return badInput("unknown output format %q: use text, json or yaml", output)
	}
	return nil
}

// printData prints v as JSON or YAML.
func printData(w io.Writer, output string, v any) error {
	if output == "json" {
		return printJSON(w, v, true)
	}
	out, err := marshalYAML(v)
	if err == nil {
		_, err = w.Write(out)
	}
	return err
}

// loadVerified reads an OperatorVersion (package directory or file) that
// rules are run on: one Verify rejects is unusable input.
func loadVerified(s streams, path string) (*params.OperatorVersion, error) {
	ov, err := params.Load(path)
	if err != nil {
		return nil, badInput("%v", err)
	}
	if errs := params.Verify(ov); len(errs) > 0 {
		printProblems(s.err, "error: ", ov.Source, errs)
		return nil, badInput("%s: the parameter definitions are invalid (kval params verify lists every problem)", path)
	}
	return ov, nil
}

// printProblems prints field errors one a line, prefixed by their file.
func printProblems(w io.Writer, prefix, source string, errs field.ErrorList) {
	for _, e := range errs {
		fmt.Fprintf(w, "%s%s: %s: %s\n", prefix, source, e.Field, e.ErrorBody())
	}
}
