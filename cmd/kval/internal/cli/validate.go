package cli

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

type validateOptions struct {
	crdSources
	old             []string
	base            string
	baseGiven       bool // --base was on the command line, even empty
	subresource     string
	ratcheting      bool
	output          string
	jobs            int
	namespace       string
	failOnEmpty     bool
	fieldValidation string
	failOn          string
	exclude         []string
	failuresOnly    bool
	showObject      bool
	builtinOptions
	paramsOptions
	catalogOptions
	skipPathOptions
}

// fieldValidations are the values of --field-validation, kube-apiserver's
// fieldValidation parameter; the first is the default.
// Strict is kubectl's default (--validate=strict since 1.27): a typo in a
// manifest fails the run rather than being pruned in silence.
var fieldValidations = []engine.FieldValidation{engine.FieldValidationStrict, engine.FieldValidationWarn, engine.FieldValidationIgnore}

// failOnLevels are the values of --fail-on; the first is the default.
var failOnLevels = []string{"error", "warning"}

// failOnWarning says whether warnings make the run fail.
func (o *validateOptions) failOnWarning() bool { return o.failOn == "warning" }

// mode is --field-validation as the engine names it.
func (o *validateOptions) mode() engine.FieldValidation {
	for _, v := range fieldValidations {
		if strings.EqualFold(o.fieldValidation, string(v)) {
			return v
		}
	}
	return ""
}

// maxJobs bounds -j: validation is CPU-bound, so more workers than CPUs
// only hold more objects in memory.
func maxJobs() int { return 4 * runtime.GOMAXPROCS(0) }

// useAtMostCPUs holds the run to n CPUs (GOMAXPROCS), reading and garbage
// collection included, as `-j N` promises a shared CI runner; it returns
// the function that gives the process its CPUs back (tests run kval
// in-process).
func useAtMostCPUs(n int) (restore func()) {
	was := runtime.GOMAXPROCS(0)
	if n >= was {
		return func() {}
	}
	runtime.GOMAXPROCS(n)
	return func() { runtime.GOMAXPROCS(was) }
}

func newValidateCommand(s streams) *cobra.Command {
	o := &validateOptions{}
	cmd := &cobra.Command{
		// A quarter less CPU on many objects (bench/cmd/vspeers).
		Annotations: collectLessOften,
		Use:         "validate [--crd SOURCE...] [--old PATH... | --base REF] [--subresource status] [--kubernetes-version 1.36] FILE...|-",
		Short:       "Validate objects on create or update exactly as kube-apiserver does",
		Long: `Validate reads objects from files, directories or stdin ("-") and validates each
one against the CRD that serves it, as kube-apiserver would on create, or,
for built-in kinds (Deployment, ConfigMap...), against the schemas
Kubernetes publishes for --kubernetes-version, as kubectl-validate does
(types, required fields, enums, formats, unknown fields, metadata; not
kube-apiserver's Go validation of built-in kinds). A kind with no schema
(no --crd defines its group and it is not built in) is invalid unless
--ignore-missing-schemas skips it. With
--old, an object is validated as an update of the old object with the same
group, kind, namespace and name, as kube-apiserver identifies objects
(objects without one are creates); an old object in another version of
the CRD is converted as conversion None does (its apiVersion), and with a
conversion webhook a warning says it is compared as written. kube-apiserver's
errors and kval's own (the mutability extensions, marked "(kval's check)")
are reported in one run.
With --base REF, the old objects are those of the same paths at the git
revision REF (git must be installed and the paths in a git work tree; on a
shallow checkout, fetch REF first): a pull request that changes an
immutable field or breaks a transition rule fails. Objects only at REF are
reported as deleted, and not validated. With --operator-versions (KUDO
package directories or OperatorVersion files), kudo.dev/v1beta1 Instances
are also judged by their immutable-parameter rules (kval params), as kval
serve --kudo-instances judges them.

--crd takes files, directories, Helm charts (their crds/ folders; templates
are not rendered), http(s):// URLs (fetched into the user's cache directory
and revalidated; the cached copy serves offline) and cluster: (the live
cluster's CRDs through --kubeconfig, read only). The CRDs among the objects
serve them too, wherever they are in the input (stdin is copied to a
temporary file to be read twice), and are still validated as objects: so
helm template --include-crds ./chart | kval validate - needs no --crd. A
kind defined both there and by --crd, or twice among the objects, with
different content makes that kind's objects invalid, each naming both
places (the other kinds are validated); --prefer-crd-flag serves the --crd
one.

Every CRD file is read, but a CRD is decoded, checked for conflicts with
the others of its kind, linted as kube-apiserver would on create (kval
lint) and compiled only when an object needs it: a CRD no object uses costs
next to nothing, and its errors show only in kval lint, which checks every
CRD. (A CRD not written in the block style of generators, with apiVersion,
kind, spec.group and spec.names.kind on lines of their own, is decoded up
front.)
Unless GOGC is set, kval validate runs with GOGC=400 (less CPU, a few MB
more memory).

Errors are printed in kube-apiserver's words, at the line of the field
they name; warnings
(pruned fields, ratcheted errors) on stderr, and counted in the summary.
Fields the CRD does not know are errors by default, as kubectl apply
(--validate=strict) refuses them, followed by what kube-apiserver answers
once they are removed (marked "(once the unknown fields are removed)"), so
one run shows both; --field-validation Warn prunes them with
a warning, as kube-apiserver does for clients that do not choose (Helm,
Argo CD, Flux), and Ignore prunes them silently. Exit code 0 when every
object is valid, 1 when one is invalid (a document that does not parse is invalid, and the others are still
checked; --fail-on warning counts warnings too), 2 when the flags, a file
that cannot be read or a CRD cannot be used. When no object was
validated (an empty input, only skipped kinds), a warning says so;
--fail-on-empty makes it an error (exit 2).`,
		Example: `  kval validate --crd examples/crd.yaml --old examples/current examples/objects
  kval validate --crd crds/ --old live.yaml changed.yaml
  kval validate --crd crds/ --old live.yaml --subresource status status.yaml
  kval validate --crd crds/ --base origin/main -o github deploy/
  helm template --include-crds ./chart | kval validate -
  helm template ./chart | kval validate --crd ./chart -
  kval validate --crd https://github.com/org/op/releases/download/v1.2.0/crds.yaml deploy/
  kval validate --crd cluster: --kubeconfig ~/.kube/staging deploy/
  kustomize build overlays/prod | kval validate --crd crds/ -`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.baseGiven = cmd.Flags().Changed("base")
			return runValidate(cmd.Context(), s, o, args)
		},
	}
	f := cmd.Flags()
	o.crdSources.addFlags(f)
	o.crdSources.addPreferFlag(f)
	f.StringSliceVar(&o.old, "old", nil, "files or directories with the current objects; matching objects are validated as updates")
	f.StringVar(&o.subresource, "subresource", "", `validate updates of a subresource: "status"`)
	f.BoolVar(&o.ratcheting, "ratcheting", true, "on update, report errors on unchanged values as warnings (as kube-apiserver)")
	f.StringVar(&o.base, "base", "", "git revision (branch, tag, commit) whose versions of the same paths are the old objects; objects only there are deletions")
	f.StringVarP(&o.output, "output", "o", validateFormats[0].name, "output format: "+formatHelp())
	f.StringVar(&o.fieldValidation, "field-validation", string(fieldValidations[0]), "fields the CRD does not know: Strict (errors: kubectl apply's default), Warn (pruned, with a warning: kube-apiserver's default for clients that do not choose), Ignore (pruned silently)")
	f.StringVar(&o.failOn, "fail-on", failOnLevels[0], "what makes the run fail (exit 1): error, or warning (errors and warnings)")
	f.IntVarP(&o.jobs, "jobs", "j", runtime.GOMAXPROCS(0), fmt.Sprintf("objects validated in parallel, on at most that many CPUs (reading and garbage collection included); at most %d (4 × GOMAXPROCS)", maxJobs()))
	f.StringArrayVar(&o.exclude, "exclude", nil, `files not to read (repeatable): a glob matched against each name in a file's path ("values*.yaml", "templates"), or, with "/", against consecutive names ("charts/*/templates")`)
	f.BoolVar(&o.failuresOnly, "failures-only", false, "text output: print only the objects that are not valid (and warnings), then the summary")
	f.BoolVar(&o.showObject, "show-object", false, "json and yaml output: give each object as kube-apiserver would return it (pruned and defaulted)")
	f.BoolVar(&o.failOnEmpty, "fail-on-empty", false, "exit 2 when no object was validated (empty input, only skipped kinds)")
	f.StringVarP(&o.namespace, "namespace", "n", "default", "namespace of namespaced objects that have none, as kubectl's")
	o.builtinOptions.addFlags(f)
	o.paramsOptions.addFlags(f)
	o.catalogOptions.addFlags(f)
	o.skipPathOptions.addFlags(f)
	return cmd
}

func (o *validateOptions) check(args []string) error {
	switch {
	case findFormat(o.output) == nil:
		return badInput("unknown output format %q: use %s", o.output, strings.Join(formatNames(), ", "))
	case o.mode() == "":
		return badInput("unknown --field-validation %q: use Strict, Warn or Ignore", o.fieldValidation)
	case !slices.Contains(failOnLevels, o.failOn):
		return badInput("unknown --fail-on %q: use error or warning", o.failOn)
	case o.baseGiven && o.base == "":
		return badInput(`--base "": give a git revision (a branch, tag or commit) to compare with, or leave --base out to validate every object as a create (in CI, the variable that names the base may be unset for this event)`)
	case o.base != "" && len(o.old) > 0:
		return badInput("--base and --old both give the old objects: use one")
	case o.base != "" && slices.Contains(args, manifest.Stdin):
		return badInput("--base %s reads the old objects from the same paths at %s: give paths, not stdin (-)", o.base, o.base)
	case o.subresource != "" && o.subresource != "status":
		return badInput("unknown subresource %q: only status can be validated", o.subresource)
	case o.subresource != "" && len(o.old) == 0 && o.base == "":
		return badInput("--subresource status validates updates: give the current objects with --old or --base")
	case o.failuresOnly && o.output != "text":
		return badInput("--failures-only is for -o text: -o %s reports every object", o.output)
	case o.showObject && o.output != "json" && o.output != "yaml":
		return badInput("--show-object is for -o json and -o yaml")
	case o.jobs < 1:
		return badInput("--jobs must be at least 1")
	case o.jobs > maxJobs():
		return badInput("--jobs %d is more than %d, the maximum (4 × GOMAXPROCS, the %d CPUs kval may use): validation is CPU-bound", o.jobs, maxJobs(), runtime.GOMAXPROCS(0))
	}
	if err := checkExcludes(o.exclude); err != nil {
		return err
	}
	return checkStdinOnce(o.crds, o.old, args)
}

// inputBounds is what kval validate holds in flight with n workers: 64
// documents a worker (256 with more than one), and 8 MiB of text (two
// documents of the largest kube-apiserver accepts, 3 MiB), so memory stays
// flat. With more than one worker the window is wider so that while one
// lints and compiles a large CRD (HTTPRoute: about 0.1 s), the others have
// objects of other kinds to go on with (worker.next); with 64 a worker,
// they waited 0.3 s of a 2.7 s run at -j 2.
func inputBounds(n int) bounds[*inputJob] {
	items := 64
	if n > 1 {
		items = 256 * n
	}
	return bounds[*inputJob]{items: items, bytes: 8 << 20, size: func(in *inputJob) int { return len(in.raw.raw.Text()) }}
}

func runValidate(ctx context.Context, s streams, o *validateOptions, args []string) error {
	if err := o.check(args); err != nil {
		return err
	}
	defer useAtMostCPUs(o.jobs)()
	defer bufferOutput(&s)()
	s.exclude = o.exclude
	cat, olds, cleanup, err := o.load(ctx, &s, args)
	if err != nil {
		return err
	}
	defer cleanup()
	out := newValidateOutput(s, o)
	validateInputs(ctx, s, o, cat, olds, args, out)
	if o.base != "" {
		if err := olds.deletions(out.add); err != nil {
			out.fail(err)
		}
	}
	return out.finish()
}

// load reads what the run validates against: the OperatorVersions, the
// CRDs (the input's among them; s's stdin is then the spooled copy) and the
// old objects. cleanup releases the spool and the old objects.
func (o *validateOptions) load(ctx context.Context, s *streams, args []string) (*catalog.Catalog, *oldObjects, func(), error) {
	if err := o.loadOperatorVersions(); err != nil {
		return nil, nil, nil, err
	}
	if err := o.parseSkipPaths(); err != nil {
		return nil, nil, nil, err
	}
	input, cleanup, err := inputCRDs(s, args, o.jobs)
	if err != nil {
		return nil, nil, nil, err
	}
	o.input = input
	resolver, err := o.resolver(s)
	var cat *catalog.Catalog
	if err == nil {
		cat, err = o.loadValidateCatalog(ctx, *s, o.crdSources, o.engineOptions(), resolver)
	}
	if err == nil {
		var olds *oldObjects
		if olds, err = o.loadOld(ctx, *s, cat, args); err == nil {
			return cat, olds, func() { olds.close(); cleanup() }, nil
		}
	}
	cleanup()
	return nil, nil, nil, err
}

// validateInputs validates every document of args on o.jobs workers and
// hands the results to out in input order. Documents are decoded by the
// workers: on the reader, decoding would hold back the others.
func validateInputs(ctx context.Context, s streams, o *validateOptions, cat *catalog.Catalog, olds *oldObjects, args []string, out *validateOutput) {
	orderedMap(o.jobs, inputBounds(o.jobs),
		func(send func(*inputJob)) {
			if err := readRawInputs(s, args, func(raw rawInput) { send(&inputJob{raw: raw}) }); err != nil {
				out.fail(err)
			}
		},
		func(in *inputJob) []objectResult {
			var results []objectResult
			for _, doc := range in.decode() {
				r := protect(doc, func(doc inputDoc) objectResult { return validateOne(ctx, cat, olds, o, doc) })
				r.locateFields(in.raw.raw)
				results = append(results, r)
			}
			return results
		},
		func(results []objectResult) {
			for _, r := range results {
				out.add(r)
			}
		},
		setAside(o.jobs, cat))
}

// setAside says which jobs a worker sets aside (see worker.next): with one
// worker none, since no other could use the time it would wait.
func setAside(jobs int, cat *catalog.Catalog) func(*inputJob) bool {
	if jobs == 1 {
		return nil
	}
	return func(in *inputJob) bool { return in.wouldWait(cat) }
}

// inputJob is one document of the input for a worker, decoded once.
type inputJob struct {
	raw     rawInput
	docs    []inputDoc
	decoded bool
}

func (in *inputJob) decode() []inputDoc {
	if !in.decoded {
		in.docs, in.decoded = in.raw.decode(), true
	}
	return in.docs
}

// wouldWait reports whether validating the job would now wait for another
// worker to prepare the validator of one of its objects.
func (in *inputJob) wouldWait(cat *catalog.Catalog) bool {
	for _, d := range in.decode() {
		if d.err != nil {
			continue
		}
		apiVersion, _ := d.doc.Object["apiVersion"].(string)
		kind, _ := d.doc.Object["kind"].(string)
		if cat.Preparing(apiVersion, kind) {
			return true
		}
	}
	return false
}

// loadOld indexes the old objects: --old, --base, or none.
func (o *validateOptions) loadOld(ctx context.Context, s streams, cat *catalog.Catalog, args []string) (*oldObjects, error) {
	if o.base != "" {
		return loadBaseObjects(ctx, s, cat, o.base, args, o.namespace)
	}
	return loadOldObjects(ctx, s, cat, o.old, o.namespace)
}

// validateOne validates one document as a create, or as an update when an
// old object matches it.
func validateOne(ctx context.Context, cat *catalog.Catalog, olds *oldObjects, o *validateOptions, in inputDoc) objectResult {
	r := newObjectResult(in.doc)
	if in.err != nil {
		r.setReadError(in.err)
		return r
	}
	if o.skipped(&r) {
		return r
	}
	o.stripFields(in.doc.Object, r.APIVersion, r.Kind)
	v, err := cat.ForObject(ctx, r.APIVersion, r.Kind)
	if err != nil {
		o.setLookupError(&r, err)
		return r
	}
	r.Namespace = defaultNamespace(v, in.doc.Object, o.namespace)
	req := engine.Request{Operation: engine.Create, Object: in.doc.Object, DisableRatcheting: !o.ratcheting, FieldValidation: o.mode(),
		ObjectNotRead: !o.showObject, KvalChecksAfterErrors: true} // one round in CI: kval's checks are reported beside kube-apiserver's errors
	old, err := olds.find(r.APIVersion, r.Kind, r.Namespace, r.Name)
	switch {
	case err != nil:
		r.Error = fmt.Sprintf("old object: %v", err)
		return r
	case old != nil:
		o.stripOld(old)
		req.Operation, req.OldObject, req.OldIsManifest = engine.Update, old, true
		r.Warnings = append(r.Warnings, convertOld(v.CRD(), old, r.APIVersion)...)
	}
	if o.subresource == engine.StatusSubresource {
		if req.OldObject == nil {
			r.Error = fmt.Sprintf("no old object for the status update of %s", r.subject())
			return r
		}
		req.Subresource = engine.StatusSubresource
	}
	r.Operation = strings.ToLower(string(req.Operation))
	res, err := v.Validate(ctx, req)
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.record(res)
	r.warningPaths = warningPaths(in.doc.Object, r.Warnings)
	if err := r.secondRound(ctx, v, req, res); err != nil {
		r.Error = err.Error()
		return r
	}
	if !o.showObject {
		r.Object = nil
	}
	return r
}

// record copies an engine result into the output shape. The verdict is
// kube-apiserver's answer (engine.Result.Err), as the webhook and kvaltest
// give it: valid, a request refused before validation (400: the
// decoder's message, or the errors of an object that does not decode), or
// invalid (422) with its errors, shown at their lines. Warnings are the
// response's, and kval's own notes.
func (r *objectResult) record(res *engine.Result) {
	status := res.Err(schema.FromAPIVersionAndKind(r.APIVersion, r.Kind), r.Name)
	valid := status == nil
	r.Valid = &valid
	r.Object = res.Object
	r.Pruned = append(r.Pruned, res.Pruned...)
	listed := *res
	listed.Errors, r.MoreErrors = engine.ListedErrors(res.Errors)
	r.setResultErrors(&listed)
	r.Warnings = append(r.Warnings, res.Notes...)
	r.Warnings = append(r.Warnings, res.ResponseWarnings()...)
	if !valid && status.Status().Code == http.StatusBadRequest && res.BadRequest != nil {
		r.reject(res.BadRequest.Error())
	}
}
