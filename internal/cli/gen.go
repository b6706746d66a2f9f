package cli

import "github.com/spf13/cobra"

func newGenCommand(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "gen PKG...",
		Short: "Generate validation code from +k8s: tags on Go types",
		RunE: func(cmd *cobra.Command, args []string) error {
			return badInput("gen is not implemented yet")
		},
	}
}
