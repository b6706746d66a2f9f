// Command driver calls the validation functions of one tree (upstream's
// committed ones, or kval's generated ones: the same source is built in
// both) on the same objects and prints, per case, the errors. funcs.go,
// written by the conformance test, lists the functions.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// entry is one validation function under test.
type entry struct {
	name         string // import path.Validate_X
	group        string // API group of the type's package ("" for core)
	version      string
	kind         string // the type's name
	newObj       func() any
	call         func(ctx context.Context, op operation.Operation, obj, old any) field.ErrorList
	root         bool // registered with RegisterValidations
	subresources []string
	options      []string
}

var (
	entries []entry
	scheme  = runtime.NewScheme()
)

func main() {
	n := flag.Int("n", 10, "random objects per function")
	fixtures := flag.String("fixtures", "", "directory of k8s.io/api's round-trip fixtures (testdata/HEAD)")
	flag.Parse()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	for _, add := range addToScheme {
		if err := add(scheme); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	for _, e := range entries {
		runEntry(w, e, *n, *fixtures)
	}
}

// runEntry runs every case of one function.
func runEntry(w *bufio.Writer, e entry, n int, fixtures string) {
	for i, obj := range objects(e, n, fixtures) {
		for _, opts := range optionSets(e) {
			for _, sub := range subresourcesOf(e) {
				prefix := fmt.Sprintf("%s#%d|%s|%s", e.name, i, strings.Join(keys(opts), "+"), sub)
				runPair(w, e, prefix, obj, opts, sub, int64(i))
			}
		}
	}
}

// runPair runs create and the updates of one object.
func runPair(w *bufio.Writer, e entry, prefix string, obj any, opts map[string]bool, sub string, seed int64) {
	emit(w, prefix+"|create", e, obj, nil, opts, sub)
	emit(w, prefix+"|update-same", e, obj, clone(e, obj), opts, sub)
	emit(w, prefix+"|update-mutated", e, obj, mutated(e, obj, seed), opts, sub)
	emit(w, prefix+"|update-other", e, obj, random(e, seed+7919), opts, sub)
}

// emit prints one case: its key, then the errors of the direct call and,
// for a registered type, of the scheme.
func emit(w *bufio.Writer, key string, e entry, obj, old any, opts map[string]bool, sub string) {
	fmt.Fprintf(w, "%s\tdirect\t%s\n", key, render(callDirect(e, obj, old, opts, sub)))
	if e.root {
		fmt.Fprintf(w, "%s\tscheme\t%s\n", key, render(callScheme(obj, old, opts, sub)))
	}
}

// groupOf names an API group as k8s.io/api's fixture files do.
func groupOf(g string) string { return g }
