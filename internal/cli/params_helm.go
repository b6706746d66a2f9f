package cli

import "github.com/spf13/cobra"

// helmOptions are the flags of kval params check --chart.
type helmOptions struct {
	chart, oldValues, values string
}

func (h *helmOptions) addFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.StringVar(&h.chart, "chart", "", "a Helm chart directory whose values.schema.json declares x-kubernetes-mutability")
	f.StringVar(&h.oldValues, "old-values", "", "the values of the installed release (with --chart)")
	f.StringVar(&h.values, "values", "", "the values of the upgrade (with --chart)")
}

func (h *helmOptions) check() (*checkResult, error) {
	return nil, badInput("--chart is not implemented yet")
}
