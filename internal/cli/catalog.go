package cli

import (
	"fmt"
	"sync"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/schema"
)

// catalog holds the CRDs given with --crd and compiles a validator per
// served version on first use.
type catalog struct {
	loaded *schema.Loaded

	mu         sync.Mutex
	validators map[*schema.Version]*engine.Validator
}

// loadCatalog reads the --crd paths. Read errors and duplicate definitions
// make the input unusable; documents of other kinds are warnings.
func loadCatalog(s streams, paths []string) (*catalog, error) {
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
	return &catalog{loaded: loaded, validators: map[*schema.Version]*engine.Validator{}}, nil
}

// validator returns the validator for objects of apiVersion and kind.
func (c *catalog) validator(apiVersion, kind string) (*engine.Validator, error) {
	crd, version, err := c.loaded.Lookup(apiVersion, kind)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.validators[version]; ok {
		return v, nil
	}
	v, err := engine.Compile(crd, version.Name)
	if err != nil {
		return nil, err
	}
	c.validators[version] = v
	return v, nil
}
