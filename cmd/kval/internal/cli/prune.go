package cli

import (
	"context"
	"fmt"

	"github.com/kval-dev/kval/catalog"
	"github.com/spf13/cobra"
)

type pruneOptions struct {
	crdSources
	output      string
	failOnEmpty bool
}

func newPruneCommand(s streams) *cobra.Command {
	o := &pruneOptions{}
	cmd := &cobra.Command{
		Use:   "prune [--crd SOURCE...] [-o yaml|json] FILE...|-",
		Short: "Prune unknown fields and apply defaults as kube-apiserver does",
		Long: `Prune reads objects from files, directories or stdin ("-"), finds the CRD that
serves each one (by apiVersion and kind), and prints it as kube-apiserver would
store it: unknown fields removed, unknown metadata fields removed, defaults
applied. Every removed field is reported as a warning, as kubectl prints it.
--crd takes files, directories, Helm charts (their crds/), http(s):// URLs
(cached) and cluster: (--kubeconfig), as kval validate's does, and the CRDs
among the objects serve them too (helm template --include-crds | kval prune -).
A CRD is linted (kval lint) only when an object needs it. When no object was pruned (an empty input, only kinds no CRD defines), a
warning says so; --fail-on-empty makes it an error (exit 2).`,
		Example: `  kval prune --crd examples/crd.yaml examples/objects/analytics.yaml
  kubectl get widgets -o yaml | kval prune --crd crds/ -o json -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runPrune(cmd.Context(), s, o, args)
		},
	}
	o.crdSources.addFlags(cmd.Flags())
	o.crdSources.addPreferFlag(cmd.Flags())
	cmd.Flags().StringVarP(&o.output, "output", "o", "yaml", "output format: yaml or json")
	cmd.Flags().BoolVar(&o.failOnEmpty, "fail-on-empty", false, "exit 2 when no object was pruned (empty input, only skipped kinds)")
	return cmd
}

func runPrune(ctx context.Context, s streams, o *pruneOptions, args []string) error {
	if o.output != "yaml" && o.output != "json" {
		return badInput("unknown output format %q: use yaml or json", o.output)
	}
	if err := checkStdinOnce(o.crds, args); err != nil {
		return err
	}
	// prune reads and prunes on one goroutine (it has no -j).
	input, cleanup, err := inputCRDs(&s, args, 1)
	if err != nil {
		return err
	}
	defer cleanup()
	o.input = input
	cat, err := loadObjectsCatalog(ctx, s, o.crdSources)
	if err != nil {
		return err
	}
	p := &pruneOutput{s: s, invalid: invalidCRDs{}}
	if o.output == "json" {
		p.json = startJSONResults(s.out)
	}
	if err := readInputs(s, args, func(in inputDoc) {
		p.add(protect(in, func(in inputDoc) objectResult { return pruneOne(ctx, cat, in) }))
	}); err != nil {
		return err
	}
	return p.finish(o.failOnEmpty)
}

// pruneOutput prints pruned objects as they come: YAML documents, or one
// JSON document streamed result by result.
type pruneOutput struct {
	s       streams
	json    *jsonResults
	status  int
	docs    int
	pruned  int
	printed int
	invalid invalidCRDs
}

func (p *pruneOutput) add(r objectResult) {
	p.status = max(p.status, resultStatus(&r))
	p.invalid.report(p.s.err, &r)
	p.docs++
	if r.Object != nil {
		p.pruned++
	}
	if p.json == nil {
		if printPruned(p.s, &r, p.printed == 0) {
			p.printed++
		}
		return
	}
	if err := p.json.add(r); err != nil {
		fmt.Fprintf(p.s.err, "error: %s: %v\n", r.source(), err)
		p.status = ExitBadInput
	}
}

func (p *pruneOutput) finish(failOnEmpty bool) error {
	if p.json != nil {
		p.json.end()
		fmt.Fprint(p.s.out, "\n}\n")
	}
	if p.pruned == 0 && p.status == ExitValid {
		p.status = max(p.status, reportNothingDone(p.s, "pruned", p.docs, failOnEmpty))
	}
	if p.status != ExitValid {
		return &exitError{code: p.status}
	}
	return nil
}

// pruneOne decodes one document with the validator of its kind.
func pruneOne(ctx context.Context, cat *catalog.Catalog, in inputDoc) objectResult {
	r := newObjectResult(in.doc)
	if in.err != nil {
		r.setReadError(in.err) // a document that does not parse is invalid, as in validate
		return r
	}
	v, err := cat.ForObject(ctx, r.APIVersion, r.Kind)
	if err != nil {
		r.setLookupError(err)
		return r
	}
	res := v.Decode(in.doc.Object)
	r.Object = res.Object
	r.Pruned = append(r.Pruned, res.Pruned...)
	// Without value validation, type conflicts would pass silently.
	r.setErrors(append(res.Errors, res.TypeConflicts...))
	return r
}

// resultStatus is the exit code one result calls for.
func resultStatus(r *objectResult) int {
	switch {
	case r.internal:
		return ExitInternal
	case r.Error != "":
		return ExitBadInput
	case len(r.Errors) > 0 || r.Rejected != "":
		return ExitInvalid
	}
	return ExitValid
}

// printPruned prints one result's object as YAML, its warnings and errors
// on stderr, and reports whether an object was printed.
func printPruned(s streams, r *objectResult, first bool) bool {
	if r.Error != "" || r.Rejected != "" {
		fmt.Fprintf(s.err, "error: %s: %s\n", r.source(), r.Error+r.Rejected)
		return false
	}
	if r.Skipped != "" {
		fmt.Fprintf(s.err, "Warning: %s: %s %s: %s\n", r.source(), r.APIVersion, r.subject(), r.Skipped)
		return false
	}
	for _, p := range r.Pruned {
		fmt.Fprintf(s.err, "Warning: %s: %s: unknown field %q\n", r.source(), r.subject(), p)
	}
	for _, e := range r.fieldErrs {
		fmt.Fprintf(s.err, "error: %s: %s: %v\n", r.source(), r.subject(), e)
	}
	if r.Object == nil {
		return false
	}
	if err := printYAMLDocument(s.out, r.Object, first); err != nil {
		fmt.Fprintf(s.err, "error: %s: %v\n", r.source(), err)
		return false
	}
	return true
}
