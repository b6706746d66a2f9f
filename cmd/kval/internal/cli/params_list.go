package cli

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/params"
)

type paramsListOptions struct {
	output                          string
	descriptions, immutable, needed bool
}

func newParamsListCommand(s streams) *cobra.Command {
	o := &paramsListOptions{}
	cmd := &cobra.Command{
		Use:   "list PACKAGE|OPERATORVERSION",
		Short: "List an operator's parameters: name, default, required, immutable",
		Long: `List prints the parameters of a package directory or of a file holding a
kudo.dev/v1beta1 OperatorVersion, sorted by name, as "kubectl kudo package
list parameters" does, with the Immutable column. Filters combine: --immutable
--required lists the immutable parameters that must be given at installation.

Exit status: 0, or 2 when the input cannot be read.`,
		Example: `  kval params list examples/params/v2
  kval params list --immutable -o json operatorversion.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runParamsList(s, o, args[0]) },
	}
	f := cmd.Flags()
	f.StringVarP(&o.output, "output", "o", "text", "output format: text, json or yaml")
	f.BoolVarP(&o.descriptions, "descriptions", "d", false, "add a Description column")
	f.BoolVar(&o.immutable, "immutable", false, "list only immutable parameters")
	f.BoolVarP(&o.needed, "required", "r", false, "list only required parameters without a default (values an install must give)")
	return cmd
}

func runParamsList(s streams, o *paramsListOptions, path string) error {
	if err := checkOutput(o.output); err != nil {
		return err
	}
	ov, err := params.Load(path)
	if err != nil {
		return badInput("%v", err)
	}
	listed := o.filter(ov.Parameters)
	if o.output != "text" {
		return printData(s.out, o.output, map[string]any{"operatorVersion": ov.Name, "parameters": listed})
	}
	printParamsTable(s, listed, o.descriptions)
	return nil
}

// filter returns the parameters every filter keeps, sorted by name.
func (o *paramsListOptions) filter(all []params.Parameter) []params.Parameter {
	out := []params.Parameter{}
	for _, p := range all {
		if (!o.immutable || p.Immutable) && (!o.needed || p.Required && p.Default == nil) {
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func printParamsTable(s streams, list []params.Parameter, descriptions bool) {
	if len(list) == 0 {
		fmt.Fprintln(s.err, "no parameters found")
		return
	}
	w := tabwriter.NewWriter(s.out, 0, 8, 2, ' ', 0)
	header := "Name\tDefault\tRequired\tImmutable"
	if descriptions {
		header += "\tDescription"
	}
	fmt.Fprintln(w, header)
	for _, p := range list {
		row := fmt.Sprintf("%s\t%s\t%t\t%t", p.Name, defaultCell(p), p.Required, p.Immutable)
		if descriptions {
			row += "\t" + p.Description
		}
		fmt.Fprintln(w, row)
	}
	w.Flush()
}

// defaultCell shows a default on one line: arrays and maps as compact JSON.
func defaultCell(p params.Parameter) string {
	if p.Default == nil {
		return ""
	}
	if v, err := p.Type.Parse(*p.Default); err == nil {
		if _, isText := v.(string); !isText {
			out, _ := json.Marshal(v)
			return string(out)
		}
	}
	return strings.ReplaceAll(*p.Default, "\n", " ")
}
