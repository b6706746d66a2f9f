package cli

import "github.com/spf13/cobra"

func newPruneCommand(s streams) *cobra.Command {
	return &cobra.Command{
		Use:   "prune --crd PATH... FILE...|-",
		Short: "Prune unknown fields and apply defaults as kube-apiserver does",
		RunE: func(cmd *cobra.Command, args []string) error {
			return badInput("prune is not implemented yet")
		},
	}
}
