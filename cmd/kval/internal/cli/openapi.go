package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/openapi"
)

type openAPIOptions struct {
	crdSources
	groupVersion string
	output       string
}

func newOpenAPICommand(s streams) *cobra.Command {
	o := &openAPIOptions{}
	cmd := &cobra.Command{
		Use:   "openapi --crd SOURCE... [--group-version GROUP/VERSION] [-o json|yaml]",
		Short: "Print the OpenAPI v3 documents kube-apiserver serves for CRDs",
		Long: `OpenAPI prints the OpenAPI v3 document kube-apiserver serves at
/openapi/v3/apis/GROUP/VERSION for every group-version the CRDs serve: the
schemas of the kinds and their lists, the routes, and the standard Kubernetes
definitions they reference. x-kubernetes-mutability and
x-kubernetes-key-mutability are published where the CRDs write them.

Documents come sorted by group, then by version priority (v1 before v1beta1).
With -o json they follow one another as a stream of JSON documents; with
-o yaml they are separated by "---", each starting with a comment naming its
path. --group-version prints one document.`,
		Example: `  kval openapi --crd examples/crd.yaml
  kval openapi --crd crds/ --group-version gateway.networking.k8s.io/v1 -o yaml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runOpenAPI(cmd.Context(), s, o)
		},
	}
	o.crdSources.addFlags(cmd.Flags())
	cmd.Flags().StringVar(&o.groupVersion, "group-version", "", "print only the document of GROUP/VERSION")
	cmd.Flags().StringVarP(&o.output, "output", "o", "json", "output format: json or yaml")
	return cmd
}

func runOpenAPI(ctx context.Context, s streams, o *openAPIOptions) error {
	if o.output != "json" && o.output != "yaml" {
		return badInput("unknown output format %q: use json or yaml", o.output)
	}
	if err := checkStdinOnce(o.crds); err != nil {
		return err
	}
	cat, err := loadCatalog(ctx, s, o.crdSources)
	if err != nil {
		return err
	}
	if err := checkCatalog(ctx, s, cat); err != nil {
		return err
	}
	docs, err := openapi.Build(cat.CRDs())
	if err != nil {
		return badInput("%v", err)
	}
	if len(docs) == 0 {
		return badInput("none of the CustomResourceDefinitions serves a version: there is no document")
	}
	if o.groupVersion != "" {
		if docs, err = selectGroupVersion(docs, o.groupVersion); err != nil {
			return err
		}
	}
	for i, d := range docs {
		if err := printOpenAPI(s.out, d, o.output, i == 0); err != nil {
			return fmt.Errorf("writing the document of %s: %w", d.GroupVersion, err)
		}
	}
	return nil
}

// selectGroupVersion keeps the document of one group-version; one no CRD
// serves is unusable input.
func selectGroupVersion(docs []openapi.GroupVersionDocument, groupVersion string) ([]openapi.GroupVersionDocument, error) {
	gv, err := schema.ParseGroupVersion(groupVersion)
	if err != nil || gv.Group == "" || gv.Version == "" {
		return nil, badInput("--group-version %q: want GROUP/VERSION, e.g. example.com/v1", groupVersion)
	}
	served := make([]string, len(docs))
	for i, d := range docs {
		if d.GroupVersion == gv {
			return docs[i : i+1], nil
		}
		served[i] = d.GroupVersion.String()
	}
	return nil, badInput("no CustomResourceDefinition serves %s; served: %s", gv, strings.Join(served, ", "))
}

// printOpenAPI writes one document. JSON is indented and does not escape
// <, > and &, which descriptions use; YAML documents are separated by ---.
func printOpenAPI(w io.Writer, d openapi.GroupVersionDocument, output string, first bool) error {
	if output == "json" {
		return printJSON(w, d.Document, false)
	}
	out, err := marshalYAML(d.Document)
	if err != nil {
		return err
	}
	header := "# /openapi/v3/" + d.Path() + "\n"
	if !first {
		header = "---\n" + header
	}
	_, err = io.WriteString(w, header+string(out))
	return err
}
