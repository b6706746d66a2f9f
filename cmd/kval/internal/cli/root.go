package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// Exit codes of every kval command. A crash of the Go runtime (a fatal
// error, a panic kval did not recover) exits 2 as well, after "fatal
// error:" or "panic:" and goroutine stacks on stderr; kval recovers the
// panics of its own goroutines and exits ExitInternal after them.
const (
	ExitValid    = 0
	ExitInvalid  = 1
	ExitBadInput = 2
	// ExitInternal is a bug in kval: a panic it recovered.
	ExitInternal = 3
)

// streams are the standard streams of one run.
type streams struct {
	in       io.Reader
	out, err io.Writer
	// stdinFile is a copy of stdin (see oldObjects), read in its place.
	stdinFile string
	// exclude are the globs of --exclude: files the run does not read.
	exclude []string
}

// exitError ends a command with a specific exit code after its output.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

// errInvalid ends a command whose input was read but is invalid.
var errInvalid = &exitError{code: ExitInvalid}

// badInput ends a command whose input could not be used.
func badInput(format string, args ...any) error {
	return &exitError{code: ExitBadInput, err: fmt.Errorf(format, args...)}
}

// Main runs kval with the arguments (without the program name) and returns
// the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return MainContext(context.Background(), args, stdin, stdout, stderr)
}

// MainContext is Main until ctx ends (kval serve stops then).
func MainContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	return mainNamed(ctx, "kval", args, stdin, stdout, stderr)
}

// mainNamed runs kval as name ("kval", or "kubectl kval" as a plugin).
func mainNamed(ctx context.Context, name string, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer recoverCrash(stderr, &code)
	s := streams{in: stdin, out: stdout, err: stderr}
	root := newRootCommand(s)
	collectAsGoDoes(root, args)
	nameRoot(root, name)
	root.SetArgs(args)
	err := checkForeignFlags(args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if err == nil {
		return ExitValid
	}
	var exit *exitError
	if errors.As(err, &exit) {
		if exit.err != nil {
			fmt.Fprintln(stderr, "error:", exit.err)
		}
		return exit.code
	}
	// Flag and argument errors from cobra.
	fmt.Fprintln(stderr, "error:", err)
	return ExitBadInput
}

func newRootCommand(s streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "kval",
		Short: "Make Kubernetes-style objects keep their promises",
		Long: `kval prunes, defaults and validates custom resources exactly as kube-apiserver
does, and built-in kinds against their published schemas, offline (creates,
and updates from --old or a git base), enforces the mutability extensions
and KUDO's immutable parameters,
checks CRDs and their upgrades, serves the same checks as an admission
webhook, and generates validation code and CRDs from tags on Go types.`,
		Example: `  kval validate --crd crds/ --base origin/main deploy/
  kval lint crds/
  kval lower crds/database.yaml | kubectl apply -f -
  kval serve --crd /etc/kval/crds --tls-cert-file /tls/tls.crt --tls-private-key-file /tls/tls.key`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       versionString(),
	}
	root.SetVersionTemplate("{{.Name}} {{.Version}}\n")
	root.SetIn(s.in)
	root.SetOut(s.out)
	root.SetErr(s.err)
	root.AddCommand(
		newLintCommand(s),
		newPruneCommand(s),
		newValidateCommand(s),
		newGenCommand(s),
		newOpenAPICommand(s),
		newLowerCommand(s),
		newServeCommand(s),
		newAnnotateCommand(s),
		newParamsCommand(s),
		newPlayCommand(s),
		newCatalogCommand(s),
	)
	installConfig(root, s)
	return root
}

// internalError introduces the report of a panic kval recovered.
const internalError = "internal error (a bug in kval: please report it with the input that caused it)"

// recoverCrash turns a panic of the command's goroutine into a report and
// ExitInternal, to be deferred.
func recoverCrash(stderr io.Writer, code *int) {
	if p := recover(); p != nil {
		fmt.Fprintf(stderr, "error: %s: %v\n%s", internalError, p, debug.Stack())
		*code = ExitInternal
	}
}

// protect runs work on one document; a panic (a bug in kval) becomes that
// document's internal error instead of ending the run.
func protect(in inputDoc, work func(inputDoc) objectResult) (r objectResult) {
	defer func() {
		if p := recover(); p != nil {
			r = newObjectResult(in.doc)
			r.Error = fmt.Sprintf("%s: %v", internalError, p)
			r.internal = true
		}
	}()
	return work(in)
}
