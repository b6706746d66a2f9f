package cli

import "github.com/spf13/cobra"

func newLintCommand(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "lint CRD...",
		Short: "Check CustomResourceDefinitions as kube-apiserver does on create",
		RunE: func(cmd *cobra.Command, args []string) error {
			return badInput("lint is not implemented yet")
		},
	}
}
