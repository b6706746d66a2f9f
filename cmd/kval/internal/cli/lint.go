package cli

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/upgrade"
)

func newLintCommand(s streams) *cobra.Command {
	var output, objectsDir, namespace string
	var exclude []string
	var allCosts bool
	var oldPaths []string
	cmd := &cobra.Command{
		Use:   "lint [--old OLD_CRD [--objects DIR]] CRD...",
		Short: "Check CustomResourceDefinitions as kube-apiserver does on create, or on update with --old",
		Long: `Lint reads CustomResourceDefinitions (apiextensions.k8s.io/v1 and v1beta1) and
bare OpenAPI v3 schemas from files, directories, Helm charts (their crds/
folders; templates are not rendered) and http(s):// URLs (fetched into the
user's cache directory, revalidated, read from there offline), and reports every problem
kube-apiserver would reject on create, in kubectl's words: names, versions,
structural schemas, list and map types, metadata restrictions, defaults
(pruned, valid metadata, valid values for their schema), subresources,
printer columns, selectable fields, conversion, CEL rules
(x-kubernetes-validations: compile errors, estimated cost, oldSelf placement,
rules evaluated on defaults), and the placement of x-kubernetes-mutability and
x-kubernetes-key-mutability. Documents of other kinds are skipped with a
warning.

For a valid CRD, the warnings kube-apiserver returns on create are printed on
stderr (and listed under "warnings" in JSON and YAML): formats it ignores for
their type, set lists of objects or arrays.

A rule whose estimated cost is over kube-apiserver's limit is explained: its
estimated cost, and the maxItems, maxProperties or maxLength that would bring
it under the limit. --cel-costs lists the estimated cost of every rule.

Exit status: 0 when every CRD is valid, 1 when one is invalid, 2 when an input
cannot be read.

With --old, each CRD that has an old version of the same name there is
checked as kube-apiserver checks an update (ValidateCustomResourceDefinitionUpdate):
what the old CRD already had is tolerated where kube-apiserver tolerates it,
rules already stored compile in the stored-expressions environment, a stored
version may not leave spec.versions (status.storedVersions comes from the old
CRD's status, or is its storage version), group, plural, and (established)
scope and kind are immutable. The changes that break stored objects or clients
are listed with a severity (error, warning, info): removed versions or fields,
fields newly required, narrowed enums, changed patterns, tightened bounds,
changed types, new or changed rules, changed list types or map keys, new
mutability extensions. With --objects, the stored objects of DIR are read with
the old CRD and written back unchanged under the new one, as an update (with
ratcheting, as kube-apiserver applies it) and as a create; namespaced objects
without metadata.namespace get -n's (default "default"), as kubectl gives them. The exit status is
1 when kube-apiserver would refuse the update, an error-severity change
exists, or a stored object's next update would be refused.`,
		Example: `  kval lint crds/
  kval lint -o json crd.yaml other.yaml
  kval lint ./charts/my-operator https://example.com/releases/v1.2.0/crds.yaml
  kval lint --old released/crd.yaml --objects backup/ crd.yaml`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runLint(cmd.Context(), s, lintFlags{output: output, allCosts: allCosts, oldPaths: oldPaths, objectsDir: objectsDir, namespace: namespace, exclude: exclude}, args)
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text, json or yaml")
	cmd.Flags().BoolVar(&allCosts, "cel-costs", false, "report the estimated cost of every CEL rule, not only of those over the limit")
	cmd.Flags().StringSliceVar(&oldPaths, "old", nil, "the CRDs as they are now (files or directories): check each CRD as an update of the old CRD with its name, and report breaking changes")
	cmd.Flags().StringVar(&objectsDir, "objects", "", "with --old: stored objects (a file or directory) to replay under the new CRDs")
	cmd.Flags().StringVarP(&namespace, "namespace", "n", "default", "with --objects: namespace of namespaced objects that have none, as kubectl's")
	cmd.Flags().StringArrayVar(&exclude, "exclude", nil, `files not to read (repeatable), as kval validate's --exclude: "kustomization.yaml", "charts/*/templates"`)
	return cmd
}

// lintResult is the verdict on one document, in the JSON and YAML output.
type lintResult struct {
	File       string       `json:"file"`
	Index      int          `json:"index"`
	Item       *int         `json:"item,omitempty"`
	Line       int          `json:"line,omitempty"`
	APIVersion string       `json:"apiVersion,omitempty"`
	Kind       string       `json:"kind"`
	Name       string       `json:"name,omitempty"`
	Valid      bool         `json:"valid"`
	Errors     []fieldError `json:"errors"`
	// Warnings are what kube-apiserver warns about when it creates the
	// (valid) CRD: formats it ignores, set lists of non-scalar items.
	Warnings []string `json:"warnings,omitempty"`
	// Immutability are kval's own warnings about updates that bypass a
	// transition rule or the mutability extensions (lint.ImmutabilityWarnings).
	Immutability []string `json:"immutabilityWarnings,omitempty"`
	// Error says why the document (or file) could not be checked at all.
	Error string `json:"error,omitempty"`
	// CELCosts explains the estimated costs of CEL rules (see lint_costs.go).
	CELCosts []lint.CELCost `json:"celCosts,omitempty"`
	// Old is the old CRD of an update (--old); Changes between it and this
	// CRD; Objects the stored objects replayed (see lint_upgrade.go).
	Old     string           `json:"old,omitempty"`
	Changes []upgrade.Change `json:"changes,omitempty"`
	Objects []objectVerdict  `json:"objects,omitempty"`
	// breaking: an error-severity change, or a stored object the update breaks.
	breaking bool

	fieldErrs field.ErrorList
	source    manifest.Source
	// object is the CRD as written, and fieldLines the lines of fieldErrs'
	// fields, 0 where not found (see lint_locate.go).
	object     map[string]any
	fieldLines []int
}

// lintFlags are the flags of kval lint.
type lintFlags struct {
	output, objectsDir string
	namespace          string // of --objects' namespaced objects that have none
	allCosts           bool
	oldPaths           []string
	exclude            []string // globs of files not to read (see exclude.go)
}

func runLint(ctx context.Context, s streams, flags lintFlags, args []string) error {
	output, allCosts := flags.output, flags.allCosts
	if output != "text" && output != "json" && output != "yaml" {
		return badInput("unknown output format %q: use text, json or yaml", output)
	}
	if err := checkStdinOnce(args); err != nil {
		return err
	}
	if err := checkExcludes(flags.exclude); err != nil {
		return err
	}
	s.exclude = flags.exclude
	upgrades, err := loadUpgradeInputs(s, flags.oldPaths, flags.objectsDir, flags.namespace)
	if err != nil {
		return err
	}
	var results []lintResult
	found := map[string]bool{} // files with a CRD, a schema or a read error
	err = readLintInputs(ctx, s, args, func(in inputDoc) {
		file := in.doc.Source.File
		if in.err != nil {
			found[file] = true
			results = append(results, unusable(in.doc.Source, in.err))
			return
		}
		if r, ok := lintDocument(ctx, s, in.doc, allCosts, upgrades); ok {
			found[file] = true
			results = append(results, r)
		}
	})
	if err != nil {
		return err
	}
	results = append(results, filesWithoutCRD(args, found)...)
	return printLint(s, output, results)
}

// filesWithoutCRD reports the files named on the command line (not found in
// a directory) that hold neither a CRD nor a schema.
func filesWithoutCRD(args []string, found map[string]bool) []lintResult {
	var results []lintResult
	for _, arg := range args {
		name := arg
		switch {
		case arg == manifest.Stdin:
			name = "<stdin>"
		case crdsource.IsURL(arg):
			name = crdsource.Redact(arg) // as readURL names it
		}
		if info, err := os.Stat(arg); (arg == manifest.Stdin || crdsource.IsURL(arg) || err == nil && !info.IsDir()) && !found[name] {
			results = append(results, unusable(manifest.Source{File: name, Item: -1},
				fmt.Errorf("%s: no CustomResourceDefinition or schema in file", name)))
		}
	}
	return results
}

// lintDocument checks a CRD or a bare schema; ok is false for documents of
// other kinds, which are skipped with a warning.
func lintDocument(ctx context.Context, s streams, doc manifest.Document, allCosts bool, upgrades *upgradeInputs) (lintResult, bool) {
	r := lintResult{File: doc.Source.File, Index: doc.Source.Index, Line: doc.Source.Line, source: doc.Source, object: doc.Object}
	if doc.Source.Item >= 0 {
		item := doc.Source.Item
		r.Item = &item
	}
	if schema.IsCRD(doc.Object) {
		crd, decodeErrs := schema.DecodeCRD(doc)
		r.APIVersion, r.Kind, r.Name = crd.APIVersion, schema.CRDKind, crd.Name()
		if len(decodeErrs) > 0 {
			// Strict decoding: kube-apiserver rejects unknown and mistyped fields.
			return r.withErrors(decodeErrs), true
		}
		if old := upgrades.oldOf(crd); old != nil {
			return lintUpdate(ctx, r, upgrades, old, crd), true
		}
		checker := celrules.NewChecker()
		r = r.withErrors(lint.CheckCRD(ctx, crd, lint.Options{Rules: checker}))
		if r.Valid {
			// kube-apiserver warns only about CRDs it accepts.
			r.Warnings = lint.WarningsOnCreate(crd)
			r.Immutability = lint.ImmutabilityWarnings(crd)
		}
		return r.withCosts(checker, allCosts), true
	}
	loaded := &schema.Loaded{}
	loaded.Add(doc)
	for _, p := range loaded.Problems {
		if p.Warning {
			fmt.Fprintf(s.err, "Warning: %v\n", p)
			return r, false
		}
		r.Kind = "schema"
		return r.withErrors(p.Errors), true
	}
	r.Kind = "schema"
	checker := celrules.NewChecker()
	r = r.withErrors(lint.CheckSchema(ctx, nil, loaded.Schemas[0].Schema, lint.Options{Rules: checker}))
	return r.withCosts(checker, allCosts), true
}

func (r lintResult) withErrors(errs field.ErrorList) lintResult {
	r.fieldErrs = errs
	r.Errors = toFieldErrors(errs)
	r.Valid = len(errs) == 0
	return r
}

func unusable(src manifest.Source, err error) lintResult {
	return lintResult{File: src.File, Index: src.Index, Line: src.Line, Errors: []fieldError{}, Error: err.Error(), source: src}
}

// status is the exit code the result calls for.
func (r *lintResult) status() int {
	switch {
	case r.Error != "":
		return ExitBadInput
	case !r.Valid || r.breaking:
		return ExitInvalid
	}
	return ExitValid
}

func printLint(s streams, output string, results []lintResult) error {
	for i := range results {
		if r := &results[i]; !r.Valid && r.Error == "" && r.Kind == schema.CRDKind {
			r.locate()
		}
	}
	summary, status := tallyLint(results)
	if results == nil {
		results = []lintResult{}
	}
	doc := map[string]any{"results": results, "summary": summary}
	var err error
	switch output {
	case "json":
		err = printJSON(s.out, doc, true)
	case "yaml":
		var out []byte
		if out, err = marshalYAML(doc); err == nil {
			_, err = s.out.Write(out)
		}
	default:
		printLintText(s, results)
		fmt.Fprintln(s.out, summary)
	}
	if err != nil {
		return badInput("%v", err)
	}
	if status != ExitValid {
		return &exitError{code: status}
	}
	return nil
}

// lintSummary counts a lint run's CRDs by verdict.
type lintSummary struct {
	Valid   int `json:"valid"`
	Invalid int `json:"invalid"`
	// Breaking counts the valid CRDs whose update breaks stored objects or
	// clients (lint --old): they fail the run too.
	Breaking int `json:"breaking,omitempty"`
}

// String is the text output's summary line.
func (t lintSummary) String() string {
	line := fmt.Sprintf("%d valid, %d invalid", t.Valid, t.Invalid)
	if t.Breaking > 0 {
		line += fmt.Sprintf(", %d breaking on update", t.Breaking)
	}
	return line
}

// tallyLint counts the results and gives the run's exit status.
func tallyLint(results []lintResult) (lintSummary, int) {
	var summary lintSummary
	status := ExitValid
	for i := range results {
		st := results[i].status()
		status = max(status, st)
		switch {
		case st == ExitValid:
			summary.Valid++
		case st == ExitInvalid && results[i].Valid:
			summary.Breaking++
		case st == ExitInvalid:
			summary.Invalid++
		}
	}
	return summary, status
}

func printLintText(s streams, results []lintResult) {
	for i := range results {
		r := &results[i]
		switch {
		case r.Error != "":
			fmt.Fprintf(s.err, "error: %s\n", r.Error)
		case r.Kind == "schema" && !r.Valid:
			msg := invalidMessage("schema", "", r.fieldErrs)
			fmt.Fprintf(s.out, "%s: %s", r.source, strings.Replace(msg, `The schema "" is invalid`, "The schema is invalid", 1))
		case !r.Valid:
			fmt.Fprintf(s.out, "%s: %s", r.firstErrorSource(), invalidMessageAt(r.Kind, r.Name, r.fieldErrs, r.fieldLines, 0))
		case r.Kind == "schema":
			fmt.Fprintf(s.out, "%s: schema is valid\n", r.source)
		case r.breaking:
			fmt.Fprintf(s.out, "%s: %s %q is valid, but its update breaks stored objects or clients\n", r.source, r.Kind, r.Name)
		default:
			fmt.Fprintf(s.out, "%s: %s %q is valid\n", r.source, r.Kind, r.Name)
		}
		for _, w := range slices.Concat(r.Warnings, r.Immutability) {
			fmt.Fprintf(s.err, "Warning: %s: %s\n", r.source, w)
		}
		printUpgradeText(s, r)
		printCELCosts(s, r.CELCosts)
	}
}
