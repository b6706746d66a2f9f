package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/catalog/crdindex"
	"github.com/kval-dev/kval/catalog/crdsource"
)

func newCatalogCommand(s streams) *cobra.Command {
	o := &catalogOptions{useCatalog: true}
	cmd := &cobra.Command{
		Use:   "catalog [--catalog-dir DIR]",
		Short: "List the kinds of kval's catalog of well-known projects' CRDs",
		Long: `Catalog lists the projects of kval's catalog (pinned versions, licenses,
repositories) and the kinds kval validate serves from it, by group and
version, for the groups no --crd defines. With --catalog-dir, those of a
local copy's index.`,
		Example: `  # the projects and kinds kval validate resolves without --crd
  kval catalog
  # those of a local copy (kval catalog pull)
  kval catalog --catalog-dir testdata/catalog`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return listCatalog(s, o) },
	}
	cmd.Flags().StringVar(&o.catalogDir, "catalog-dir", os.Getenv(catalogDirEnv), "a local copy's index (default $"+catalogDirEnv+")")
	cmd.AddCommand(newCatalogPullCommand(s))
	return cmd
}

func listCatalog(s streams, o *catalogOptions) error {
	idx, err := o.index()
	if err != nil {
		return badInput("%v", err)
	}
	w := tabwriter.NewWriter(s.out, 0, 4, 2, ' ', 0)
	for _, p := range idx.Projects {
		fmt.Fprintf(w, "%s %s (%s, %s)\n", p.Name, p.Version, p.License, p.Repository)
		for _, f := range p.Files {
			for _, k := range f.Kinds {
				fmt.Fprintf(w, "  %s\t%s\t%v\n", k.Kind, k.Group, k.Versions)
			}
		}
	}
	return w.Flush()
}

func newCatalogPullCommand(s streams) *cobra.Command {
	o := &catalogOptions{useCatalog: true}
	cmd := &cobra.Command{
		Use:   "pull DIR",
		Short: "Write a local copy of kval's catalog, for --catalog-dir",
		Long: `Pull fetches every file of kval's catalog (from upstream, or --catalog-mirror,
through the URL cache, each checked against its pinned SHA-256) and writes a
local copy into DIR: index.yaml and PROJECT/VERSION/FILE. kval validate
--catalog-dir DIR (or $KVAL_CATALOG_DIR) then needs no network. The
projects' licenses are named in the index (kval catalog lists them).`,
		Example: `  # a copy for offline runs, then validate with it
  kval catalog pull /tmp/kval-catalog
  kval validate --catalog-dir /tmp/kval-catalog manifests/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return pullCatalog(cmd, s, o, args[0]) },
	}
	cmd.Flags().StringVar(&o.mirror, "catalog-mirror", "", "fetch the files from this base URL serving a local copy, instead of upstream")
	return cmd
}

func pullCatalog(cmd *cobra.Command, s streams, o *catalogOptions, dir string) error {
	idx, err := crdindex.Default()
	if err != nil {
		return badInput("%v", err)
	}
	r := &crdindex.Resolver{Index: idx, Mirror: o.mirror, Fetcher: crdsource.NewFetcher()}
	n, err := r.Pull(cmd.Context(), dir, crdindex.Embedded())
	if err != nil {
		return badInput("%v", err)
	}
	fmt.Fprintf(s.out, "%d files of %d projects in %s\n", n, len(idx.Projects), filepath.Clean(dir))
	return nil
}
