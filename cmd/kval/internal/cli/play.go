package cli

import (
	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/play/site"
)

func newPlayCommand(s streams) *cobra.Command {
	o := site.Options{Out: s.out}
	var export string
	cmd := &cobra.Command{
		Use:   "play [--listen 127.0.0.1:8080] [--open] [--export DIR]",
		Short: "Serve the playground: kval's engine in the browser, compiled to WebAssembly",
		Long: `Play serves the playground page: a CRD, an optional old object and a new
object give kube-apiserver's verdict in kubectl's words, the pruned fields,
the returned object as a diff, warnings, the CRD's CEL rules with their
estimated costs, and the output of kval lint and kval lower. Everything runs
in the browser, in kval's engine compiled to WebAssembly; the state is in the
page's address, to share it.

The WebAssembly is built with the Go toolchain on first use, from the source
of this kval (a released version's in the module cache, or the checkout kval
runs in), into the user's cache directory. --export writes the whole static
site into DIR instead of serving it: any file server can serve DIR.`,
		Example: `  kval play --open
  kval play --export site/ && python3 -m http.server -d site/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if export != "" {
				return exportSite(cmd, s, export)
			}
			return site.Serve(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Listen, "listen", "127.0.0.1:8080", "the address to serve the playground on")
	cmd.Flags().BoolVar(&o.Open, "open", false, "open the playground in the default browser")
	cmd.Flags().StringVar(&export, "export", "", "write the static site into this directory and exit")
	return cmd
}

func exportSite(cmd *cobra.Command, s streams, dir string) error {
	built, err := site.Build(cmd.Context(), func(line string) { _, _ = s.err.Write([]byte(line + "\n")) })
	if err == nil {
		err = site.Export(built, dir)
	}
	if err != nil {
		return err
	}
	_, err = s.out.Write([]byte("kval play: the static site is in " + dir + "\n"))
	return err
}
