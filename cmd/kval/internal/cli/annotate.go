package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/schema"
)

type annotateOptions struct {
	reverse bool
	output  string
}

func newAnnotateCommand(s streams) *cobra.Command {
	o := &annotateOptions{}
	cmd := &cobra.Command{
		Use:   "annotate [--reverse] [-o yaml|json] FILE...|-",
		Short: "Move the mutability extensions of CRDs into an annotation kube-apiserver keeps",
		Long: `kube-apiserver does not know x-kubernetes-mutability and
x-kubernetes-key-mutability: it drops them from a CRD's schema when it stores
the CRD, and kubectl apply (with strict field validation, Kubernetes 1.25 and
later) rejects such a CRD outright. Annotate moves them out of the schemas into
the annotation ` + annotation.Key + `, which kube-apiserver keeps and
where kval's admission webhook finds them on the live CRD. Apply CRDs with

  kubectl apply -f <(kval annotate crd.yaml)

rather than kubectl apply -f crd.yaml. --reverse moves the extensions of the
annotation back into the schemas, e.g. to lint or edit a CRD fetched from a
cluster. The annotation is one line of JSON: version name (or spec.validation
for a v1beta1 CRD's top-level schema), then JSON Pointer into the
openAPIV3Schema, then keyword and value.

Annotate reads CRDs (apiextensions.k8s.io/v1 and v1beta1) from files,
directories or stdin ("-") and prints them in input order, as YAML documents
separated by "---" or, with -o json, as a stream of JSON documents. It reports
on stderr how many extensions it moved for each CRD. Documents of other kinds
are skipped with a warning. A CRD already annotated, with no extension left in
its schemas, is printed unchanged; one annotated that still has extensions is
an error, since annotating it again would overwrite the annotation.

Exit status: 0 when every CRD was printed, 2 when an input cannot be read, a
CRD cannot be annotated, or there is no CRD. Then nothing is printed, so that
kubectl apply never applies some of the CRDs without the others.`,
		Example: `  kubectl apply -f <(kval annotate crds/)
  kubectl get crd databases.example.kval.dev -o yaml | kval annotate --reverse - | kval lint -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runAnnotate(s, o, args)
		},
	}
	cmd.Flags().BoolVar(&o.reverse, "reverse", false, "move the extensions of the annotation back into the schemas")
	cmd.Flags().StringVarP(&o.output, "output", "o", "yaml", "output format: yaml or json")
	return cmd
}

// move is annotation.Pack or annotation.Unpack.
type move func(crd map[string]any) (map[string]any, int, error)

func runAnnotate(s streams, o *annotateOptions, args []string) error {
	if o.output != "yaml" && o.output != "json" {
		return badInput("unknown output format %q: use yaml or json", o.output)
	}
	if err := checkStdinOnce(args); err != nil {
		return err
	}
	fn, direction := mover(o.reverse)
	var crds []map[string]any
	failed := false
	err := readInputs(s, args, func(in inputDoc) {
		crd, ok := annotateOne(s, in, fn, direction)
		failed = failed || !ok
		if crd != nil {
			crds = append(crds, crd)
		}
	})
	switch {
	case err != nil:
		return err
	case failed:
		return &exitError{code: ExitBadInput}
	case len(crds) == 0:
		return badInput("no CustomResourceDefinition in the input")
	}
	return printObjects(s.out, crds, o.output)
}

// mover is the function that moves the extensions one way, and the way.
func mover(reverse bool) (move, string) {
	if reverse {
		return annotation.Unpack, "from annotation " + annotation.Key + " into the schemas"
	}
	return annotation.Pack, "from the schemas into annotation " + annotation.Key
}

// annotateOne moves the extensions of one document, if it is a CRD, and
// reports on stderr; ok is false when the document is unusable.
func annotateOne(s streams, in inputDoc, fn move, direction string) (crd map[string]any, ok bool) {
	r := newObjectResult(in.doc)
	if in.err != nil {
		fmt.Fprintf(s.err, "error: %s: %v\n", r.source(), withoutSource(in.err))
		return nil, false
	}
	if !schema.IsCRD(in.doc.Object) {
		fmt.Fprintf(s.err, "Warning: %s: %s %s: not a %s of %s or %s, skipped\n", r.source(), r.APIVersion,
			r.subject(), schema.CRDKind, schema.CRDAPIVersionV1, schema.CRDAPIVersionBeta)
		return nil, true
	}
	out, moved, err := fn(in.doc.Object)
	if err != nil {
		fmt.Fprintf(s.err, "error: %s: %v\n", r.source(), err)
		return nil, false
	}
	fmt.Fprintf(s.err, "%s: %s: moved %s %s\n", r.source(), r.subject(), extensionCount(moved), direction)
	return out, true
}

func extensionCount(n int) string {
	if n == 1 {
		return "1 extension"
	}
	return fmt.Sprintf("%d extensions", n)
}

// printObjects writes objects as YAML documents separated by "---", or as a
// stream of indented JSON documents, which kubectl apply reads as well.
func printObjects(w io.Writer, objects []map[string]any, output string) error {
	for i, obj := range objects {
		var err error
		if output == "json" {
			err = printJSONDocument(w, obj)
		} else {
			err = printYAMLDocument(w, obj, i == 0)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// printJSONDocument writes v as indented JSON without escaping <, > and &,
// which descriptions use.
func printJSONDocument(w io.Writer, v any) error {
	return printJSON(w, v, false)
}
