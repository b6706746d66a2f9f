package cli

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/schema"
)

// catalog holds the CRDs given with --crd and compiles a validator per
// served version on first use.
type catalog struct {
	loaded *schema.Loaded
	opts   engine.Options

	mu         sync.Mutex
	validators map[*schema.Version]*engine.Validator
}

// loadCatalog reads the --crd paths. Read errors and duplicate definitions
// make the input unusable; documents of other kinds are warnings.
func loadCatalog(s streams, paths []string, opts engine.Options) (*catalog, error) {
	if len(paths) == 0 {
		return nil, badInput("no CRDs given: use --crd PATH")
	}
	loaded := schema.LoadFiles(paths)
	problems := append(loaded.Errors(), loaded.Duplicates()...)
	for _, p := range loaded.Problems {
		if p.Warning {
			fmt.Fprintf(s.err, "Warning: %v\n", p)
		}
	}
	for _, p := range problems {
		fmt.Fprintf(s.err, "error: %v\n", p)
	}
	if len(problems) > 0 {
		return nil, &exitError{code: ExitBadInput}
	}
	if len(loaded.CRDs) == 0 {
		return nil, badInput("no CustomResourceDefinition found in %v", paths)
	}
	if invalid := reportInvalidCRDs(s, loaded.CRDs); invalid > 0 {
		return nil, badInput("%d CustomResourceDefinition(s) that kube-apiserver would reject: fix them first (kval lint)", invalid)
	}
	return &catalog{loaded: loaded, opts: opts, validators: map[*schema.Version]*engine.Validator{}}, nil
}

// errNotCovered says that no given CRD defines the group of an object: it is
// not a custom resource kval was asked about (a Namespace, say).
type errNotCovered struct{ group string }

func (e errNotCovered) Error() string {
	if e.group == "" {
		return "skipped: a built-in kind of the core group, not a custom resource"
	}
	return fmt.Sprintf("skipped: no CustomResourceDefinition of group %q was given", e.group)
}

// validator returns the validator for objects of apiVersion and kind. Objects
// of a group that no given CRD defines get errNotCovered; objects of a known
// group whose version or kind is not served get an error.
func (c *catalog) validator(apiVersion, kind string) (*engine.Validator, error) {
	if group := groupOf(apiVersion); !c.definesGroup(group) {
		return nil, errNotCovered{group: group}
	}
	crd, version, err := c.loaded.Lookup(apiVersion, kind)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.validators[version]; ok {
		return v, nil
	}
	v, err := engine.Compile(crd, version.Name, c.opts)
	if err != nil {
		return nil, err
	}
	c.validators[version] = v
	return v, nil
}

func (c *catalog) definesGroup(group string) bool {
	for _, crd := range c.loaded.CRDs {
		if crd.Spec.Group == group {
			return true
		}
	}
	return false
}

// groupOf returns the group of an apiVersion ("" for the core group "v1").
func groupOf(apiVersion string) string {
	group, _, found := strings.Cut(apiVersion, "/")
	if !found {
		return ""
	}
	return group
}

// reportInvalidCRDs prints the errors of every CRD kube-apiserver would
// reject and returns how many there are: objects are never validated against
// a schema the apiserver would not serve.
func reportInvalidCRDs(s streams, crds []*schema.CRD) int {
	invalid := 0
	for _, crd := range crds {
		errs := lint.CheckCRD(context.Background(), crd, lintOptions())
		if len(errs) == 0 {
			continue
		}
		invalid++
		fmt.Fprintf(s.err, "error: %s: %s", crd.Source, invalidMessage(schema.CRDKind, crd.Name(), errs))
	}
	return invalid
}
