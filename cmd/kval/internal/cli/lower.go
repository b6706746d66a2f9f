package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kval-dev/kval/lower"
	"github.com/kval-dev/kval/schema"
)

type lowerOptions struct {
	keepExtensions bool
	bestEffort     bool
	output         string
}

func newLowerCommand(s streams) *cobra.Command {
	o := &lowerOptions{}
	cmd := &cobra.Command{
		Use:   "lower [--keep-extensions] [--best-effort] [-o yaml|json] CRD...|-",
		Short: "Rewrite the mutability extensions of CRDs as CEL transition rules kube-apiserver enforces",
		Long: `Lower rewrites CustomResourceDefinitions whose schemas carry
x-kubernetes-mutability and x-kubernetes-key-mutability into CRDs whose
x-kubernetes-validations transition rules enforce the same semantics in any
Kubernetes 1.29 or later, with no kval webhook: the rules are placed where
kube-apiserver correlates old and new values (on the parent where a field's
presence matters), with kval's messages, reason FieldValueForbidden and a
fieldPath. The extensions are dropped, so that kubectl apply accepts the CRD,
unless --keep-extensions. Everything else is printed unchanged, in input order,
as YAML documents or, with -o json, a stream of JSON documents. Every output
CRD passes kval lint.

Some constructs have no faithful CEL form or would cost more than
kube-apiserver allows (positions in atomic lists without maxItems, the order
of lists inside set items, date and duration strings, a rule over the cost
limit of a rule, the most expensive rules of a schema whose rules together
are over the limit of a schema): each is reported on stderr with the reason
and the maxItems, maxProperties or maxLength that would fix it. Then nothing
is printed, unless --best-effort, which prints the CRDs with everything else
lowered and the constructs reported left out (their extensions dropped, or
kept with --keep-extensions, without rules).

Exit status: 0 when every extension was lowered, 1 when one could not be
(with --best-effort the CRDs are printed all the same), 2 when an input cannot
be read or is not a valid CRD, or there is no CRD.`,
		Example: `  kval lower crd.yaml | kubectl apply -f -
  kval lower --best-effort crds/ > lowered.yaml`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLower(cmd.Context(), s, o, args)
		},
	}
	cmd.Flags().BoolVar(&o.keepExtensions, "keep-extensions", false, "keep x-kubernetes-mutability and x-kubernetes-key-mutability beside the rules")
	cmd.Flags().BoolVar(&o.bestEffort, "best-effort", false, "print the CRDs even when some extensions could not be lowered")
	cmd.Flags().StringVarP(&o.output, "output", "o", "yaml", "output format: yaml or json")
	return cmd
}

// lowerRun collects the outcome of every input document.
type lowerRun struct {
	crds                []map[string]any
	badInput, unlowered bool
}

func runLower(ctx context.Context, s streams, o *lowerOptions, args []string) error {
	if o.output != "yaml" && o.output != "json" {
		return badInput("unknown output format %q: use yaml or json", o.output)
	}
	if err := checkStdinOnce(args); err != nil {
		return err
	}
	run := &lowerRun{}
	err := readInputs(s, args, func(in inputDoc) { run.one(ctx, s, o, in) })
	switch {
	case err != nil:
		return err
	case run.badInput:
		return &exitError{code: ExitBadInput}
	case len(run.crds) == 0:
		return badInput("no CustomResourceDefinition in the input")
	case run.unlowered && !o.bestEffort:
		return errInvalid
	}
	if err := printObjects(s.out, run.crds, o.output); err != nil {
		return err
	}
	if run.unlowered {
		return errInvalid
	}
	return nil
}

// one lowers one document, if it is a CRD, and reports on stderr.
func (run *lowerRun) one(ctx context.Context, s streams, o *lowerOptions, in inputDoc) {
	r := newObjectResult(in.doc)
	if in.err != nil {
		fmt.Fprintf(s.err, "error: %s: %v\n", r.source(), withoutSource(in.err))
		run.badInput = true
		return
	}
	if !schema.IsCRD(in.doc.Object) {
		fmt.Fprintf(s.err, "Warning: %s: %s %s: not a %s of %s or %s, skipped\n", r.source(), r.APIVersion,
			r.subject(), schema.CRDKind, schema.CRDAPIVersionV1, schema.CRDAPIVersionBeta)
		return
	}
	res, err := lower.Lower(ctx, in.doc.Object, lower.Options{KeepExtensions: o.keepExtensions})
	if err != nil {
		run.badInput = true
		reportLowerError(s, r.source(), err)
		return
	}
	run.crds = append(run.crds, res.CRD)
	run.unlowered = run.unlowered || len(res.Unlowered) > 0
	reportLowered(s, r.source(), r.subject(), res, o.bestEffort)
}

func reportLowerError(s streams, source string, err error) {
	var invalid *lower.InputError
	if !errors.As(err, &invalid) {
		fmt.Fprintf(s.err, "error: %s: %v\n", source, err)
		return
	}
	fmt.Fprintf(s.err, "error: %s: %s %q is invalid (see kval lint):\n", source, schema.CRDKind, invalid.CRD)
	for _, e := range invalid.Errs {
		fmt.Fprintf(s.err, "  %s\n", e)
	}
}

// reportLowered says what was lowered and lists what was not: errors, or
// warnings with --best-effort (the CRD is printed without them).
func reportLowered(s streams, source, subject string, res *lower.Result, bestEffort bool) {
	fmt.Fprintf(s.err, "%s: %s: lowered %s into %s\n", source, subject,
		plural(res.Lowered, "extension"), plural(res.Rules, "rule"))
	prefix := "error"
	if bestEffort {
		prefix = "Warning: left out"
	}
	for _, u := range res.Unlowered {
		fmt.Fprintf(s.err, "%s: %s: %s\n", prefix, source, u.Error())
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
